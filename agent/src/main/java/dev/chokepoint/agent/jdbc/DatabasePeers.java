package dev.chokepoint.agent.jdbc;

import dev.chokepoint.agent.request.TimedCallPorts;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code chokepoint.jdbc.peer} {peer}: one gauge (always 1) per database {@code host:port} the
 * application connected to, read from the JDBC URL given to a driver. The socket wait meter
 * ({@code chokepoint.wait.socket} {peer}) sees the database's port like any other; this tells the
 * collector which of those peers is the database (judged through statement latency) rather than
 * a downstream dependency. JFR may name the same host otherwise ({@code localhost} for
 * {@code 127.0.0.1}), so the collector compares ports.
 */
public final class DatabasePeers implements MeterBinder {

    static final String METER = "chokepoint.jdbc.peer";
    /** An application connects to a handful of databases; the cap guards against URLs built in a loop. */
    static final int MAX_PEERS = 20;
    /** {@code jdbc:<subprotocol>:…//host:port…} or Oracle's {@code …@host:port…} / {@code …@//host:port…}; the first host of a list. */
    private static final Pattern HOST_PORT = Pattern.compile(
            "^jdbc:([a-z0-9]+):.*?(?://|@(?://)?)(\\[[^\\]]+\\]|[^/:;?,()@\\s]+)(?::(\\d+))?", Pattern.CASE_INSENSITIVE);
    /** Where a URL names no port: the driver's default. */
    private static final Map<String, Integer> DEFAULT_PORTS = Map.of("postgresql", 5432, "mysql", 3306,
            "mariadb", 3306, "sqlserver", 1433, "oracle", 1521, "h2", 9092, "db2", 50000);

    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private volatile MeterRegistry registry;

    @Override
    public void bindTo(MeterRegistry registry) {
        this.registry = registry;
    }

    /** A driver was asked to connect to {@code url}; its host:port is published once. */
    public void connecting(String url) {
        MeterRegistry target = registry;
        String peer = peer(url);
        if (peer != null) {
            TimedCallPorts.add(Integer.parseInt(peer.substring(peer.lastIndexOf(':') + 1)));
        }
        if (target == null || peer == null || seen.contains(peer) || seen.size() >= MAX_PEERS || !seen.add(peer)) {
            return;
        }
        Gauge.builder(METER, () -> 1).tag("peer", peer).baseUnit("connections")
                .description("A database host:port the application connected to (1): its socket waits are the database's")
                .register(target);
    }

    /** {@code host:port} of a JDBC URL, or null for an in-process or unparsable one (H2 mem, SQLite). */
    static String peer(String url) {
        if (url == null) {
            return null;
        }
        Matcher m = HOST_PORT.matcher(url);
        if (!m.find()) {
            return null;
        }
        Integer port = m.group(3) != null ? Integer.valueOf(m.group(3)) : DEFAULT_PORTS.get(m.group(1).toLowerCase(Locale.ROOT));
        return port == null ? null : m.group(2) + ":" + port;
    }
}
