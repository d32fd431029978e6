package dev.chokepoint.collector.signals;

import java.net.URI;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A recorded target that is not a service but a dependency's own exporter (PostgreSQL's, MySQL's,
 * a host's node exporter): it says why the dependency saturated. {@code describes} is what it
 * speaks for: the database {@code host:port} (PostgreSQL's exporter labels every series with it as
 * {@code server}; MySQL's names only the server's port, so its host is the exporter's own, where
 * mysqld_exporter usually runs) or, for a node exporter, the host it runs on (the host of its
 * URL). A target URL that ends in {@code #dependency=host:port} says it instead, for an exporter
 * whose labels or address do not name the peer the agent saw.
 */
public record DependencyExporter(Kind kind, TargetSeries series, Set<String> describes) {

    /** The fragment of a target URL that names the dependency its exporter speaks for. */
    public static final String DEPENDENCY_FRAGMENT = "dependency=";
    private static final Pattern HOST_PORT = Pattern.compile("(\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9._-]+)(:[0-9]{1,5})?");

    public enum Kind {
        POSTGRES("pg_up"),
        /** mysqld_exporter, for MySQL and MariaDB alike. */
        MYSQL("mysql_up"),
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
            case POSTGRES, MYSQL -> describes.stream().anyMatch(d -> sameHost(hostOf(d), hostOf(peer)) && portOf(d).equals(portOf(peer)));
            case NODE -> describes.stream().anyMatch(d -> sameHost(d, hostOf(peer)));
            case HOST_VIEW -> false;
        };
    }

    /**
     * The dependency a target URL's fragment names ({@code …/metrics#dependency=db.example:3306}),
     * or null when it names none.
     *
     * @throws IllegalArgumentException for a fragment that is not {@code dependency=host[:port]}
     */
    public static String declaredDependency(String target) {
        String fragment;
        try {
            fragment = URI.create(target).getFragment();
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (fragment == null) {
            return null;
        }
        String value = fragment.startsWith(DEPENDENCY_FRAGMENT) ? fragment.substring(DEPENDENCY_FRAGMENT.length()) : null;
        if (value == null || !HOST_PORT.matcher(value).matches()) {
            throw new IllegalArgumentException("'#" + fragment + "' does not name a dependency; end the URL with "
                    + "#" + DEPENDENCY_FRAGMENT + "HOST:PORT, the database as the service connects to it (e.g. "
                    + "#" + DEPENDENCY_FRAGMENT + "127.0.0.1:3306), or HOST for a node exporter");
        }
        return value;
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

    static String hostOf(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return colon < 0 || hostPort.endsWith("]") ? hostPort : hostPort.substring(0, colon);
    }

    private static String portOf(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return colon < 0 || hostPort.endsWith("]") ? "" : hostPort.substring(colon + 1);
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
