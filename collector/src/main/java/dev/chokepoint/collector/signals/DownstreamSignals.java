package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The outbound dependency that slowed down most against its own baseline, seen three ways:
 * <ol>
 * <li>the HTTP client probe's timer, by host (Spring's {@code ClientHttpRequest});</li>
 * <li>socket waits by peer {@code host:port} (JFR, any blocking client: Jedis, JDBC-less drivers,
 *     {@code HttpURLConnection}, classic Apache/OkHttp), leaving out inbound connections and the
 *     database's port ({@code chokepoint_jdbc_peer}: its waits are the database, judged through
 *     statement latency);</li>
 * <li>requests parked on a {@code CompletableFuture}, by site: how NIO clients (Lettuce, the JDK
 *     {@code HttpClient}, Netty) wait, since their socket reads never block. The site is named by
 *     the one outbound peer ({@code chokepoint_socket_outbound}) that is neither the database nor
 *     an HTTP-client host, when there is exactly one; a future that the HTTP client probe already
 *     times is not a second dependency, so it is used only where the other ways picked nothing or
 *     it names a peer of its own.</li>
 * </ol>
 * A target without the wait probe's meters has only the first.
 */
final class DownstreamSignals implements SignalGroup {

    private static final String HTTP = "chokepoint_http_client_requests_seconds";
    private static final String SOCKET = "chokepoint_wait_socket_seconds";
    private static final String DATABASES = "chokepoint_jdbc_peer_connections";
    private static final String OUTBOUND = "chokepoint_socket_outbound_connections";
    private static final String JDBC = "chokepoint_jdbc_query_seconds";
    private static final String FUTURE = "java.util.concurrent.CompletableFuture";
    private static final Set<String> NOT_A_PEER = Set.of("inbound", "other", "unknown");

    private final LabelPickSignals worst = new LabelPickSignals("downstream", "downstream_host", HTTP, "host",
            TimerByLabel.Pick.LARGEST_INFLATION,
            "the outbound dependency (host:port, or the code site awaiting it) whose latency rose most against its baseline");

    @Override
    public List<Signal> signals() {
        List<Signal> out = new ArrayList<>(List.of(
                Signal.number("downstream_call_rate", Unit.PER_SECOND, "outbound calls per second, all hosts")));
        out.addAll(worst.signals());
        out.add(Signal.number("downstream_utilization", Unit.RATIO,
                "the picked host's busy fraction from its latency inflation, 1 - baseline/mean (0 when not slower)"));
        out.add(Signal.text("downstream_seen_as", "how the picked dependency was seen: http client, socket waits, or future waits"));
        return out;
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        out.put("downstream_call_rate", PointWise.scale(in.increase(HTTP + "_count"), 1 / in.grid().windowSeconds()));
        int n = in.grid().size();
        TimerByLabel http = new TimerByLabel(in, HTTP, "host", baseline, TimerByLabel.Pick.LARGEST_INFLATION);
        Set<Integer> databasePorts = ports(labels(in, DATABASES, "peer"));
        // Statements timed but no database peer published (an agent before chokepoint.jdbc.peer):
        // the database cannot be told from a downstream among the sockets, so they are not read.
        boolean socketsKnown = !databasePorts.isEmpty() || in.series(JDBC + "_count", k -> true).isEmpty();
        Predicate<SeriesKey> remote = k -> isPeer(k.label("peer")) && !databasePorts.contains(port(k.label("peer")));
        TimerByLabel socket = new TimerByLabel(in, SOCKET, "peer", socketsKnown ? remote : k -> false, baseline,
                TimerByLabel.Pick.LARGEST_INFLATION);
        TimerByLabel future = new TimerByLabel(in, LockSignals.PARK, "site", k -> FUTURE.equals(k.label("blocker")),
                baseline, TimerByLabel.Pick.LARGEST_INFLATION);
        String awaited = unaccountedPeer(in, databasePorts);

        TimerByLabel picked = new TimerByLabel(n);
        String[] seenAs = new String[n];
        for (int i = 0; i < n; i++) {
            TimerByLabel best = more(http, socket, i);
            if (future.label[i] != null && (awaited != null || best == null)
                    && (best == null || inflation(future, i) > inflation(best, i))) {
                picked.take(i, future, awaited != null ? awaited + " (awaited at " + future.label[i] + ")" : future.label[i]);
                seenAs[i] = "future waits";
            } else if (best != null) {
                picked.take(i, best, best.label[i]);
                seenAs[i] = best == http ? "http client" : "socket waits";
            }
        }
        worst.put(picked, out);
        out.put("downstream_utilization", busyFraction(out.values("downstream_inflation")));
        out.putText("downstream_seen_as", seenAs);
    }

    /** The one with the larger inflation at point {@code i}; null when neither picked a label. */
    private static TimerByLabel more(TimerByLabel a, TimerByLabel b, int i) {
        if (a.label[i] == null) {
            return b.label[i] == null ? null : b;
        }
        return b.label[i] == null || inflation(a, i) >= inflation(b, i) ? a : b;
    }

    private static double inflation(TimerByLabel t, int i) {
        return Double.isNaN(t.inflation[i]) ? Double.NEGATIVE_INFINITY : t.inflation[i];
    }

    /**
     * The only peer this process connected to that is neither the database nor a host of the HTTP
     * client probe (compared by port: a JDBC URL or an HTTP client's host may be a name, e.g.
     * {@code localhost}, where /proc says {@code 127.0.0.1}); null when there is none or several. Socket waits do not rule a peer out:
     * an NIO client's reads pass the agent's threshold now and then on a busy host (the redis
     * scenario's Lettuce connection did) without timing its calls.
     */
    private static String unaccountedPeer(TargetSeries in, Set<Integer> databasePorts) {
        Set<Integer> known = new LinkedHashSet<>(databasePorts);
        known.addAll(ports(labels(in, HTTP + "_count", "host")));
        Set<String> left = new LinkedHashSet<>();
        for (Series s : in.series(OUTBOUND, k -> isPeer(k.label("peer")))) {
            String peer = s.key().label("peer");
            if (!known.contains(port(peer)) && max(in, s) > 0) {
                left.add(peer);
            }
        }
        return left.size() == 1 ? left.iterator().next() : null;
    }

    private static double max(TargetSeries in, Series s) {
        double most = 0;
        for (double v : SeriesSampler.gauge(s, in.grid())) {
            most = v > most ? v : most;
        }
        return most;
    }

    private static Set<String> labels(TargetSeries in, String name, String label) {
        Set<String> out = new LinkedHashSet<>();
        in.series(name, k -> true).forEach(s -> out.add(String.valueOf(s.key().label(label))));
        return out;
    }

    private static boolean isPeer(String peer) {
        return peer != null && !NOT_A_PEER.contains(peer) && port(peer) > 0;
    }

    private static Set<Integer> ports(Set<String> peers) {
        Set<Integer> out = new LinkedHashSet<>();
        peers.forEach(p -> out.add(port(p)));
        out.remove(-1);
        return out;
    }

    /** The port of {@code host:port} ({@code [v6]:port} too), -1 when there is none. */
    static int port(String peer) {
        int colon = peer == null ? -1 : peer.lastIndexOf(':');
        if (colon < 0 || peer.endsWith("]")) {
            return -1;
        }
        try {
            return Integer.parseInt(peer.substring(colon + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * We cannot see the dependency's capacity, only how much slower it answers. A queue answers in
     * R = S / (1 - U) (S its service time, here the baseline latency), so U = 1 - S / R: near 0 while
     * it answers as fast as when idle, towards 1 as waiting dominates.
     */
    private static double[] busyFraction(double[] inflation) {
        double[] u = new double[inflation.length];
        for (int i = 0; i < u.length; i++) {
            u[i] = Math.max(0, 1 - 1 / inflation[i]);
        }
        return u;
    }
}
