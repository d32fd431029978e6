package dev.chokepoint.agent.wait;

import dev.chokepoint.agent.label.BoundedLabels;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * {@code chokepoint.socket.outbound} {peer}: this process's established TCP connections to each
 * remote {@code address:port} it connected to, from {@code /proc/self/fd} (the socket inodes it
 * holds) and {@code /proc/net/tcp}, {@code tcp6}.
 *
 * <p>Why: NIO clients (Lettuce, Netty, the JDK {@code HttpClient}) never block in a socket read, so
 * their peer never shows in {@code chokepoint.wait.socket}; the request's wait shows as a park on
 * a {@code CompletableFuture} at the calling site. This list is what lets the collector put a
 * {@code host:port} beside that site. Unlike JFR's socket events, /proc gives both ends, so the
 * direction is exact: a connection whose local port is one this process listens on is inbound.
 * Linux only; elsewhere the meter is absent. Refreshed on the wait probe's thread after a JFR
 * flush, at most once a second (JFR runs flush actions several times a second); no work on
 * application threads.
 *
 * <p>The tables are read only when a socket this process did not hold at the last reading has
 * been open for {@link #SETTLE}, and then at most once per {@code minTableInterval}: the kernel
 * writes /proc/net/tcp from its whole connection table, every other process's and every TIME_WAIT
 * included (2 000 lines, ≈ 18 ms of system CPU here), and reading it every second was 95 % of the
 * wait probe's own thread (90 → 4 ticks in 20 s on market-service under load, ≈ 4 % of a core,
 * idle or not). A server under load opens and closes inbound connections all the time (Tomcat
 * closes a keep-alive connection after 100 requests), so "the set changed" alone read the tables
 * every interval: 80 % of that thread on the fast service at 8 600 requests a second
 * (async-profiler, 2026-12-05). Under load those connections live a fraction of a second; the
 * pooled outbound connections this meter is for live longer (and under light load, where inbound
 * connections live longer too, the tables are short).
 * A socket that closes is dropped from what the last reading found, without a reading.
 *
 * <p>Both readings grow with what the application holds: listing /proc/self/fd costs a readlink
 * per descriptor, the tables a line per connection on the host. So each is timed, and the next
 * one waits at least {@value #COST_SPACING} times as long as it took: a server holding tens of
 * thousands of connections gets a staler meter, never more than ≈ 1 % of a core spent on it.
 */
final class OutboundPeers {

    static final String METER = "chokepoint.socket.outbound";
    /** How long a new socket stays open before the tables are read for it. */
    static final Duration SETTLE = Duration.ofSeconds(2);
    private static final long SETTLE_NANOS = SETTLE.toNanos();
    private static final long REFRESH_NANOS = Duration.ofSeconds(1).toNanos();
    /** A reading is followed by at least this many times its own duration without one. */
    static final int COST_SPACING = 100;
    private static final String ESTABLISHED = "01";
    private static final String LISTEN = "0A";
    /** Fields of a /proc/net/tcp line read: {@code sl local rem st … inode} (the 10th). */
    private static final int FIELDS = 10;
    private static final int LOCAL = 1;
    private static final int REMOTE = 2;
    private static final int STATE = 3;
    private static final int INODE = 9;

    private final Path proc;
    private final BoundedLabels names;
    private final MeterRegistry registry;
    /** peer label → connections now; gauges read it (strong references held here). */
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final long minTableNanos;
    private final LongSupplier nanoTime;
    /** This process's sockets when the tables were last read; null before the first reading. */
    private Set<String> readFrom;
    /** Of those, the outbound connections: socket inode → remote address:port. */
    private Map<String, String> outboundAt = Map.of();
    /** The open sockets not in {@link #readFrom}, and when a refresh first saw each. */
    private final Map<String, Long> newSince = new HashMap<>();
    private long tablesReadAt;
    private long tableNanos;
    private long refreshedAt;
    private long refreshNanos = REFRESH_NANOS;

    OutboundPeers(Path proc, int maxPeers, MeterRegistry registry, Duration minTableInterval, LongSupplier nanoTime) {
        this.proc = proc;
        this.minTableNanos = minTableInterval.toNanos();
        this.tableNanos = minTableNanos;
        this.nanoTime = nanoTime;
        this.names = new BoundedLabels(maxPeers, 4 * maxPeers, name -> name);
        this.registry = registry;
        this.refreshedAt = nanoTime.getAsLong() - REFRESH_NANOS;
    }

    /**
     * Updates the gauges, at most once a second (less often where listing the descriptors takes
     * long): from the tables when a new socket has settled (see the class comment), else from what
     * the last reading found, less the sockets closed since; false when /proc cannot be read (not Linux).
     */
    boolean refresh() {
        long at = nanoTime.getAsLong();
        if (at - refreshedAt < refreshNanos) {
            return true;
        }
        refreshedAt = at;
        try {
            Set<String> inodes = socketInodes();
            long listed = nanoTime.getAsLong();
            refreshNanos = Math.max(REFRESH_NANOS, COST_SPACING * (listed - at));
            if (readFrom == null || newSocketSettled(inodes, at) && at - tablesReadAt >= tableNanos) {
                outboundAt = outbound(inodes, lines("tcp"), lines("tcp6"));
                tableNanos = Math.max(minTableNanos, COST_SPACING * (nanoTime.getAsLong() - listed));
                readFrom = inodes;
                tablesReadAt = at;
                newSince.clear();
            }
            count(inodes);
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return true;
    }

    /** Whether a socket opened since the last reading has been open for {@link #SETTLE}; forgets closed ones. */
    private boolean newSocketSettled(Set<String> open, long at) {
        newSince.keySet().retainAll(open);
        boolean settled = false;
        for (String inode : open) {
            if (!readFrom.contains(inode)) {
                settled |= at - newSince.computeIfAbsent(inode, seen -> at) >= SETTLE_NANOS;
            }
        }
        return settled;
    }

    /** Sets the gauges from the outbound connections of the last reading that are still open. */
    private void count(Set<String> open) {
        Map<String, Integer> labelled = new HashMap<>();
        outboundAt.forEach((inode, peer) -> {
            if (open.contains(inode)) {
                labelled.merge(names.label(peer), 1, Integer::sum);
            }
        });
        counts.forEach((peer, n) -> n.set(labelled.getOrDefault(peer, 0)));
        labelled.forEach((peer, n) -> counts.computeIfAbsent(peer, this::register).set(n));
    }

    private AtomicInteger register(String peer) {
        AtomicInteger n = new AtomicInteger();
        Gauge.builder(METER, n, AtomicInteger::get).tag("peer", peer).baseUnit("connections")
                .description("Established TCP connections this process opened to a remote address:port")
                .register(registry);
        return n;
    }

    private Set<String> socketInodes() throws IOException {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(proc.resolve("self/fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // the descriptor was closed between the listing and the read
                }
            }
        }
        return inodes;
    }

    private List<String> lines(String table) throws IOException {
        Path file = proc.resolve("net").resolve(table);
        return Files.exists(file) ? Files.readAllLines(file) : List.of();
    }

    /**
     * Socket inode → remote {@code address:port}, for the established sockets in {@code inodes}
     * whose local port is not one of their listening ports. Lines are /proc/net/tcp's:
     * {@code sl local rem st tx:rx tr:when retrnsmt uid timeout inode …}. The tables hold the whole
     * host's connections, of which this process's are a few: a line is tokenized in place and
     * dropped on its inode before anything is allocated for it (a regular-expression split of
     * every line was most of the wait probe's thread on a busy host).
     */
    static Map<String, String> outbound(Set<String> inodes, List<String> tcp, List<String> tcp6) {
        long[] ours = inodes.stream().mapToLong(Long::parseLong).sorted().toArray();
        Set<Integer> listening = new HashSet<>();
        List<String[]> established = new java.util.ArrayList<>();
        int[] starts = new int[FIELDS];
        int[] ends = new int[FIELDS];
        for (List<String> table : List.of(tcp, tcp6)) {
            for (String line : table) {
                if (!tokenize(line, starts, ends) || line.charAt(ends[0] - 1) != ':'
                        || java.util.Arrays.binarySearch(ours, inode(line, starts[INODE], ends[INODE])) < 0) {
                    continue;
                }
                if (isState(line, starts, ends, LISTEN)) {
                    listening.add(port(line.substring(starts[LOCAL], ends[LOCAL])));
                } else if (isState(line, starts, ends, ESTABLISHED)) {
                    established.add(new String[] {line.substring(starts[LOCAL], ends[LOCAL]),
                            line.substring(starts[REMOTE], ends[REMOTE]), line.substring(starts[INODE], ends[INODE])});
                }
            }
        }
        Map<String, String> out = new HashMap<>();
        for (String[] localRemoteInode : established) {
            if (!listening.contains(port(localRemoteInode[0]))) {
                out.put(localRemoteInode[2], address(localRemoteInode[1]));
            }
        }
        return out;
    }

    /** Fills the bounds of the first {@link #FIELDS} space-separated fields; false when the line has fewer. */
    private static boolean tokenize(String line, int[] starts, int[] ends) {
        int i = 0;
        int n = line.length();
        for (int field = 0; field < FIELDS; field++) {
            while (i < n && line.charAt(i) == ' ') {
                i++;
            }
            if (i == n) {
                return false;
            }
            starts[field] = i;
            while (i < n && line.charAt(i) != ' ') {
                i++;
            }
            ends[field] = i;
        }
        return true;
    }

    private static boolean isState(String line, int[] starts, int[] ends, String state) {
        return ends[STATE] - starts[STATE] == state.length() && line.startsWith(state, starts[STATE]);
    }

    /** The decimal inode in {@code line[from, to)}, or −1 when it is not one. */
    private static long inode(String line, int from, int to) {
        long value = 0;
        for (int i = from; i < to; i++) {
            int digit = line.charAt(i) - '0';
            if (digit < 0 || digit > 9 || value > Long.MAX_VALUE / 10) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private static int port(String hexAddress) {
        return Integer.parseInt(hexAddress.substring(hexAddress.indexOf(':') + 1), 16);
    }

    /** {@code 0100007F:18EB} → {@code 127.0.0.1:6379}; IPv6 (four little-endian words), IPv4-mapped as IPv4. */
    static String address(String hexAddress) {
        String hex = hexAddress.substring(0, hexAddress.indexOf(':'));
        int port = port(hexAddress);
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                // each 32-bit word is printed in host (little-endian) order
                bytes[word * 4 + b] = (byte) Integer.parseInt(hex.substring(word * 8 + (3 - b) * 2, word * 8 + (3 - b) * 2 + 2), 16);
            }
        }
        if (bytes.length == 16 && isV4Mapped(bytes)) {
            bytes = java.util.Arrays.copyOfRange(bytes, 12, 16);
        }
        try {
            String host = java.net.InetAddress.getByAddress(bytes).getHostAddress();
            return (bytes.length == 16 ? "[" + host + "]" : host) + ":" + port;
        } catch (java.net.UnknownHostException e) {
            return "unknown:" + port;
        }
    }

    private static boolean isV4Mapped(byte[] b) {
        for (int i = 0; i < 10; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
    }
}
