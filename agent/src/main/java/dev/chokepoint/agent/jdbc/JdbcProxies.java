package dev.chokepoint.agent.jdbc;

import net.ttddyy.dsproxy.ConnectionIdManager;
import net.ttddyy.dsproxy.ConnectionInfo;
import net.ttddyy.dsproxy.proxy.NanoTimeStopwatchFactory;
import net.ttddyy.dsproxy.proxy.ProxyConfig;
import net.ttddyy.dsproxy.proxy.ProxyJdbcObject;

import java.sql.Connection;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Wraps JDBC connections in datasource-proxy's (shaded) proxies that report every statement to
 * {@link QueryMetrics}. {@code unwrap}/{@code isWrapperFor} on the proxies reach the driver's own
 * objects, so applications that unwrap to {@code PgConnection} keep working.
 */
public final class JdbcProxies {

    /** The {@code pool} tag of connections taken straight from a {@code java.sql.Driver}. */
    public static final String UNPOOLED = "none";

    private final ProxyConfig config;

    public JdbcProxies(QueryMetrics metrics) {
        this.config = ProxyConfig.Builder.create()
                .queryListener(metrics)
                .stopwatchFactory(new NanoTimeStopwatchFactory())
                .connectionIdManager(new CountingIds())
                .build();
    }

    /** {@code connection} proxied and tagged with {@code pool}; already proxied ones as they are. */
    public Connection wrap(Connection connection, String pool) {
        if (connection == null || connection instanceof ProxyJdbcObject) {
            return connection;
        }
        ConnectionInfo info = new ConnectionInfo();
        info.setDataSourceName(pool);
        info.setConnectionId(config.getConnectionIdManager().getId(connection));
        return config.getJdbcProxyFactory().createConnection(connection, info, config);
    }

    /**
     * Ids only: datasource-proxy's default manager also keeps a set of open ids, which grows
     * forever when an application leaks connections.
     */
    private static final class CountingIds implements ConnectionIdManager {
        private final AtomicLong next = new AtomicLong();

        @Override
        public String getId(Connection connection) {
            return Long.toString(next.incrementAndGet());
        }

        @Override
        public void addClosedId(String closedId) {
            // nothing kept, nothing to forget
        }

        @Override
        public Set<String> getOpenConnectionIds() {
            return Collections.emptySet();
        }
    }
}
