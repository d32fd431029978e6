package dev.chokepoint.agent.jdbc;

import java.sql.Connection;

/**
 * Wraps JDBC connections ({@link TimedConnection}) whose statements report every execution to
 * {@link QueryMetrics}. {@code unwrap}/{@code isWrapperFor} on the wrappers reach the driver's own
 * objects, so applications that unwrap to {@code PgConnection} keep working.
 *
 * <p>Own wrappers rather than datasource-proxy: on a one-query request that library built a
 * method-execution context, a stopwatch and parameter maps for every JDBC call (≈ 6 KB per
 * request in a JFR allocation profile), none of which the metrics use.
 */
public final class JdbcProxies {

    /** The {@code pool} tag of connections taken straight from a {@code java.sql.Driver}. */
    public static final String UNPOOLED = "none";

    /** Marks the agent's wrappers so that a connection is never wrapped twice. */
    public interface Timed {
    }

    private final QueryMetrics metrics;
    private final DatabasePeers databases;

    public JdbcProxies(QueryMetrics metrics, DatabasePeers databases) {
        this.metrics = metrics;
        this.databases = databases;
    }

    /** A driver is connecting to {@code url}: its host:port is a database's, not a downstream's. */
    public void connecting(String url) {
        databases.connecting(url);
    }

    /** {@code connection} wrapped and tagged with {@code pool}; already wrapped ones as they are. */
    public Connection wrap(Connection connection, String pool) {
        if (connection == null || connection instanceof Timed) {
            return connection;
        }
        return TimedConnection.of(connection, metrics.pool(pool));
    }
}
