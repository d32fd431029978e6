package dev.chokepoint.agent.exposition;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Serves the agent's registry at {@code http://host:port/metrics} (and {@code /}) to any number of
 * concurrent clients on the one thread that calls {@link #serve}, with a selector: a thread per
 * connection (the JDK HTTP server's dispatcher, its two timer threads and the Prometheus client's
 * worker pool) would cost four threads, and a blocking loop lets one silent client stop every
 * scrape. Here a client that sends nothing, or one byte at a time, or never reads its answer,
 * costs one slot of {@link #MAX_CONNECTIONS} and nothing to anyone else:
 * <ul>
 *   <li>a request head must arrive whole within {@link #READ_DEADLINE_MILLIS} of the connect
 *       (a slow writer cannot stretch it), and an answer must be taken within
 *       {@link #WRITE_DEADLINE_MILLIS};</li>
 *   <li>when every slot is taken, a new connection evicts the oldest one still reading its head,
 *       so a flood of idle connections cannot lock a scraper out;</li>
 *   <li>the answer is written without blocking; what the socket does not take at once waits in
 *       the connection until it does. Each answer closes its connection.</li>
 * </ul>
 *
 * <p>The loop outlives anything one connection or one iteration throws, {@link OutOfMemoryError}
 * included: a service that recovers from a failed huge allocation, or from a heap it filled and
 * then let go, is still observable. The buffers it reads and answers with are made up front; a
 * scrape during heap exhaustion fails alone (its connection is closed) and costs one stderr line,
 * once.
 *
 * <p>A port in use or an unresolvable host costs one stderr line and no endpoint; the
 * application runs on.
 */
public final class MetricsEndpoint {

    static final int READ_DEADLINE_MILLIS = 2_000;
    static final int WRITE_DEADLINE_MILLIS = 10_000;
    static final int MAX_CONNECTIONS = 64;
    private static final int BACKLOG = 128;
    /** After a failed accept (e.g. no file descriptor left), accepting pauses this long. */
    private static final long ACCEPT_RETRY_MILLIS = 100;
    /** The longest the selector waits with nothing to do, so a missed wake-up costs little. */
    private static final long MAX_SELECT_MILLIS = 1_000;
    private static final String OUT_OF_MEMORY_LINE = "chokepoint: the metrics endpoint ran out of heap while "
            + "serving a scrape (the application's heap is full); that scrape failed, the next ones are served";

    private final ServerSocketChannel server;
    private final Selector selector;
    private final SelectionKey acceptKey;
    private final Responses responses;
    private final PrintStream err;
    /** The registry's wall clock when it is the agent's, ticked each time this thread wakes; else null. */
    private final EndpointClock clock;
    private final Connection[] connections = new Connection[MAX_CONNECTIONS];
    /** Direct, so the JDK does not copy each read through a temporary buffer of its own. */
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(4096);
    private final Consumer<SelectionKey> onReady = this::onReady;
    /** Encoded up front: printing a String needs heap, writing bytes does not. */
    private final byte[] outOfMemoryLine = (OUT_OF_MEMORY_LINE + System.lineSeparator()).getBytes();
    private long acceptPausedUntil;
    private boolean acceptPaused;
    private boolean reportedOutOfMemory;
    private boolean reportedFailure;
    private volatile boolean closed;

    private MetricsEndpoint(ServerSocketChannel server, Selector selector, PrometheusMeterRegistry registry,
                            PrintStream err) throws IOException {
        this.server = server;
        this.selector = selector;
        this.responses = new Responses(registry);
        this.err = err;
        this.clock = registry.config().clock() instanceof EndpointClock ticked ? ticked : null;
        for (int i = 0; i < connections.length; i++) {
            connections[i] = new Connection();
        }
        server.configureBlocking(false);
        this.acceptKey = server.register(selector, SelectionKey.OP_ACCEPT);
    }

    /** The bound endpoint, or empty after printing why there is none. */
    public static Optional<MetricsEndpoint> open(String host, int port, PrometheusMeterRegistry registry,
                                                 PrintStream err) {
        ServerSocketChannel server = null;
        Selector selector = null;
        try {
            server = ServerSocketChannel.open();
            server.bind(new InetSocketAddress(InetAddress.getByName(host), port), BACKLOG);
            selector = Selector.open();
            MetricsEndpoint endpoint = new MetricsEndpoint(server, selector, registry, err);
            err.println("chokepoint: metrics at http://" + hostForUrl(host) + ":" + endpoint.port() + "/metrics");
            return Optional.of(endpoint);
        } catch (BindException e) {
            err.println("chokepoint: port " + port + " on " + host + " is in use (or the address is not local), "
                    + "so there is no metrics endpoint; set port=<free port> or CHOKEPOINT_PORT");
        } catch (IOException | RuntimeException e) {
            err.println("chokepoint: no metrics endpoint on " + host + ":" + port + ": " + e
                    + "; set host=127.0.0.1 or CHOKEPOINT_HOST");
        }
        closeQuietly(server);
        closeQuietly(selector);
        return Optional.empty();
    }

    public int port() {
        return server.socket().getLocalPort();
    }

    /** Answers scrapes on the calling thread until {@link #close} (for the agent: never). */
    public void serve() {
        try {
            while (!closed) {
                try {
                    tick();
                    selector.select(onReady, millisToNextDeadline(System.nanoTime()));
                    expire(System.nanoTime());
                } catch (ClosedSelectorException e) {
                    break;
                } catch (Throwable e) {
                    // Whatever one iteration met, OutOfMemoryError included, the next one runs;
                    // after a pause, so that a failure that repeats does not spin a core.
                    try {
                        survived(e);
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(ACCEPT_RETRY_MILLIS));
                    } catch (Throwable again) {
                        // An OutOfMemoryError out of this handler itself (its first run links the
                        // calls in it, which may need heap) ended serve() and the endpoint once in
                        // OutOfMemoryIT (1 run in 4). The loop retries; the heap comes back.
                    }
                }
            }
        } finally {
            if (clock != null) {
                clock.stopped();
            }
            for (Connection connection : connections) {
                connection.release();
            }
            closeQuietly(server);
            closeQuietly(selector);
        }
    }

    /** Stops serving: {@link #serve} returns. */
    public void close() {
        closed = true;
        selector.wakeup();
    }

    private void onReady(SelectionKey key) {
        tick(); // before a scrape is answered: its maxima rotated as of now
        if (key == acceptKey) {
            try {
                acceptAll();
            } catch (Throwable e) {
                // No heap for the channel the JDK makes: the client waits in the backlog and
                // accepting resumes after a pause (the accept would otherwise fail in a loop).
                pauseAccepting(System.nanoTime());
                survived(e);
            }
            return;
        }
        Connection connection = (Connection) key.attachment();
        if (!key.isValid() || connection.key != key) {
            return; // dropped earlier in this round; its slot may already hold a new connection
        }
        try {
            if (key.isReadable()) {
                read(connection);
            } else if (key.isWritable()) {
                write(connection);
            }
        } catch (Throwable e) {
            connection.release();
            survived(e);
        }
    }

    private void acceptAll() {
        long now = System.nanoTime();
        for (int accepted = 0; accepted < MAX_CONNECTIONS; accepted++) {
            SocketChannel channel;
            try {
                channel = server.accept();
            } catch (IOException e) {
                // Most likely no file descriptor left: stop accepting for a moment, serve the rest.
                pauseAccepting(now);
                return;
            }
            if (channel == null) {
                return;
            }
            Connection slot = freeSlot();
            try {
                channel.configureBlocking(false);
                SelectionKey key = channel.register(selector, SelectionKey.OP_READ, slot);
                slot.open(channel, key, now, now + TimeUnit.MILLISECONDS.toNanos(READ_DEADLINE_MILLIS));
            } catch (IOException | RuntimeException e) {
                closeQuietly(channel);
            }
        }
    }

    private void pauseAccepting(long now) {
        acceptKey.interestOps(0);
        acceptPaused = true;
        acceptPausedUntil = now + TimeUnit.MILLISECONDS.toNanos(ACCEPT_RETRY_MILLIS);
    }

    /** A free slot; when there is none, the oldest connection still reading is dropped for it. */
    private Connection freeSlot() {
        Connection oldest = null;
        for (Connection connection : connections) {
            if (!connection.inUse()) {
                return connection;
            }
            if (oldest == null || connection.reading() && !oldest.reading()
                    || connection.reading() == oldest.reading() && connection.openedAt - oldest.openedAt < 0) {
                oldest = connection;
            }
        }
        oldest.release();
        return oldest;
    }

    private void read(Connection connection) throws IOException {
        readBuffer.clear();
        int read = connection.channel.read(readBuffer);
        if (read < 0) {
            connection.release();
            return;
        }
        readBuffer.flip();
        int searchedUpTo = Math.max(0, connection.headLength - 3);
        if (!connection.append(readBuffer)) {
            answer(connection, Optional.empty()); // a head longer than any scrape's
            return;
        }
        int end = ScrapeRequest.endOfHead(connection.head, searchedUpTo, connection.headLength);
        if (end > 0) {
            answer(connection, ScrapeRequest.parse(connection.head, end));
        }
    }

    private void answer(Connection connection, Optional<ScrapeRequest> request) throws IOException {
        ByteBuffer answer = responses.answer(request);
        connection.channel.write(answer);
        if (!answer.hasRemaining()) {
            connection.release();
            return;
        }
        // The socket took part of it: keep the rest (the shared buffer serves the next scrape).
        connection.pending = ByteBuffer.allocate(answer.remaining()).put(answer).flip();
        connection.deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WRITE_DEADLINE_MILLIS);
        connection.key.interestOps(SelectionKey.OP_WRITE);
    }

    private void write(Connection connection) throws IOException {
        connection.channel.write(connection.pending);
        if (!connection.pending.hasRemaining()) {
            connection.release();
        }
    }

    /** Drops connections past their deadline and resumes accepting after a pause. */
    private void expire(long now) {
        for (Connection connection : connections) {
            if (connection.inUse() && now - connection.deadline >= 0) {
                connection.release();
            }
        }
        if (acceptPaused && now - acceptPausedUntil >= 0) {
            acceptPaused = false;
            acceptKey.interestOps(SelectionKey.OP_ACCEPT);
        }
    }

    private void tick() {
        if (clock != null) {
            clock.tick();
        }
    }

    private long millisToNextDeadline(long now) {
        long next = now + TimeUnit.MILLISECONDS.toNanos(MAX_SELECT_MILLIS);
        for (Connection connection : connections) {
            if (connection.inUse() && connection.deadline - next < 0) {
                next = connection.deadline;
            }
        }
        if (acceptPaused && acceptPausedUntil - next < 0) {
            next = acceptPausedUntil;
        }
        return Math.max(1, TimeUnit.NANOSECONDS.toMillis(next - now) + 1);
    }

    /**
     * One line the first time the heap ran out under the endpoint, and one the first time anything
     * else failed a scrape (a registry error, another VirtualMachineError); then silence, so a failing loop cannot flood stderr.
     * The out-of-memory line is a constant: reporting it allocates as little as printing can.
     */
    private void survived(Throwable e) {
        try {
            if (e instanceof OutOfMemoryError) {
                if (!reportedOutOfMemory) {
                    reportedOutOfMemory = true;
                    err.write(outOfMemoryLine, 0, outOfMemoryLine.length);
                    err.flush();
                }
            } else if (!(e instanceof IOException) && !reportedFailure) {
                reportedFailure = true;
                err.println("chokepoint: a scrape failed: " + e + "; the next ones are served");
            }
        } catch (Throwable ignored) {
            // Printing needs a little heap too; the endpoint goes on without the line.
        }
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        if (closeable != null) {
            try {
                closeable.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }

    private static String hostForUrl(String host) {
        return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    }
}
