package dev.chokepoint.examples.downstream;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A remote dependency (a search cluster, an embedding server) with a real capacity limit: a fixed
 * pool of {@code concurrency} handler threads, each request occupying one for the service time.
 * Requests beyond that wait in the executor's queue, so its latency rises with load exactly like
 * a saturated remote system's, and its throughput tops out at {@code concurrency / serviceTime}.
 * Binds to loopback only.
 */
public final class DownstreamServer implements AutoCloseable {

    private static final String NO_DELAY = "sun.net.httpserver.nodelay";

    private final HttpServer server;
    private final ExecutorService handlers;

    private DownstreamServer(HttpServer server, ExecutorService handlers) {
        this.server = server;
        this.handlers = handlers;
    }

    public static DownstreamServer start(int port, int concurrency, long serviceTimeMillis) throws IOException {
        return start(new DownstreamOptions(port, concurrency, java.time.Duration.ofMillis(serviceTimeMillis), null));
    }

    static DownstreamServer start(DownstreamOptions options) throws IOException {
        // The JDK's server writes an answer's headers and its body in two segments. With Nagle's
        // algorithm on, the body waits for the client's ACK of the headers, which Linux delays up
        // to 40 ms on a kept-alive connection: every answer took its service time + ~40 ms
        // (measured: 69 ms for a 20 ms service, 24.5 ms with TCP_NODELAY), which hid the service
        // time the scenarios are sized on. The property is read once, as the server's classes
        // load, so it is set before the first server is made.
        if (System.getProperty(NO_DELAY) == null) {
            System.setProperty(NO_DELAY, "true");
        }
        HttpServer server = HttpServer.create(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), options.port()), 1024);
        ExecutorService handlers = Executors.newFixedThreadPool(options.concurrency(), r -> {
            Thread thread = new Thread(r, "downstream-handler");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(handlers);
        server.createContext("/", new EmbeddingHandler(options.serviceTime()));
        server.start();
        return new DownstreamServer(server, handlers);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
        try {
            handlers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static void main(String[] args) throws IOException {
        DownstreamOptions options;
        try {
            options = DownstreamOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("downstream-service: " + e.getMessage());
            System.exit(2);
            return;
        }
        DownstreamServer server = start(options);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "downstream-shutdown"));
        if (options.portFile() != null) {
            Files.writeString(options.portFile(), Integer.toString(server.port()));
        }
        System.out.printf("downstream-service listening on 127.0.0.1:%d, concurrency %d, service time %d ms "
                        + "(capacity %.1f req/s)%n",
                server.port(), options.concurrency(), options.serviceTime().toMillis(),
                options.serviceTime().isZero() ? Double.POSITIVE_INFINITY
                        : options.concurrency() * 1000.0 / options.serviceTime().toMillis());
    }
}
