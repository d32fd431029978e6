package dev.chokepoint.collector.signals;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * A recorded target that is not a service but a dependency's own exporter (PostgreSQL's, a
 * host's node exporter): it says why the dependency saturated. {@code describes} is what it
 * speaks for: the database {@code host:port} (PostgreSQL's exporter labels every series with it as
 * {@code server}) or, for a node exporter, the host it runs on (the host of its URL).
 */
public record DependencyExporter(Kind kind, TargetSeries series, Set<String> describes) {

    public enum Kind {
        POSTGRES("pg_up"),
        NODE("node_cpu_seconds_total"),
        /** The collector's own view of the host it ran on: who used its cores (no database's exporter). */
        HOST_VIEW("chokepoint_host_view_info");

        /** A series only that exporter exposes (PostgreSQL's exporter exposes pg_up even when the database is down). */
        private final String marker;

        Kind(String marker) {
            this.marker = marker;
        }

        String marker() {
            return marker;
        }
    }

    /** Whether this exporter speaks for the database at {@code peer} ({@code host:port} as the agent saw it). */
    public boolean describesPeer(String peer) {
        return switch (kind) {
            case POSTGRES -> describes.stream().anyMatch(d -> sameHost(hostOf(d), hostOf(peer)) && portOf(d).equals(portOf(peer)));
            case NODE -> describes.stream().anyMatch(d -> sameHost(d, hostOf(peer)));
            case HOST_VIEW -> false;
        };
    }

    /** The host of a target URL, for a node exporter. */
    static String urlHost(String target) {
        try {
            String host = URI.create(target).getHost();
            return host == null ? target : host;
        } catch (IllegalArgumentException e) {
            return target;
        }
    }

    private static String hostOf(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return colon < 0 ? hostPort : hostPort.substring(0, colon);
    }

    private static String portOf(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return colon < 0 ? "" : hostPort.substring(colon + 1);
    }

    /** Loopback names are one host: an exporter on 127.0.0.1 and a database at localhost share it. */
    private static boolean sameHost(String a, String b) {
        return a.equalsIgnoreCase(b) || loopback(a) && loopback(b);
    }

    private static boolean loopback(String host) {
        String h = host.toLowerCase(Locale.ROOT).replace("[", "").replace("]", "");
        return h.equals("localhost") || h.startsWith("127.") || h.equals("::1");
    }
}
