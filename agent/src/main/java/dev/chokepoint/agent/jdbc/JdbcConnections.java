package dev.chokepoint.agent.jdbc;

import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.ProbeTarget;

import java.sql.Connection;

/**
 * What the JDBC advice calls when a connection is made. Two places make connections:
 * {@code Driver.connect} (unpooled, {@code pool="none"}) and Hikari's {@code PoolBase.newConnection}
 * (pooled, tagged with the pool's name). A connection Hikari makes goes through the driver too,
 * so a per-thread depth decides who wraps: the outermost driver call outside any pool wraps,
 * inside a pool only the pool does. Driver wrappers that delegate to another driver (p6spy-like)
 * are nested driver calls and are wrapped once as well.
 */
public final class JdbcConnections {

    private static final ThreadLocal<Depth> DEPTH = ThreadLocal.withInitial(Depth::new);
    private static final ProbeTarget<JdbcProxies> PROXIES = new ProbeTarget<>(JdbcProbe.ID);

    private JdbcConnections() {
    }

    /** Switches wrapping on; new connections stay unwrapped once {@code probeContext} reports the probe off. */
    public static void install(JdbcProxies jdbcProxies, ProbeContext probeContext) {
        PROXIES.install(jdbcProxies, probeContext);
    }

    /** A driver's {@code connect(url, …)} starts; every nesting level reports its URL (a pool's connection goes through one too). */
    public static void enterDriver(String url) {
        DEPTH.get().driver++;
        JdbcProxies target = PROXIES.get();
        if (target != null) {
            target.connecting(url);
        }
    }

    public static Connection exitDriver(Connection connection) {
        Depth depth = DEPTH.get();
        depth.driver = Math.max(0, depth.driver - 1);
        JdbcProxies target = PROXIES.get();
        if (target == null || depth.driver > 0 || depth.pool > 0) {
            return connection;
        }
        return target.wrap(connection, JdbcProxies.UNPOOLED);
    }

    public static void enterPool() {
        DEPTH.get().pool++;
    }

    public static Connection exitPool(Connection connection, String poolName) {
        Depth depth = DEPTH.get();
        depth.pool = Math.max(0, depth.pool - 1);
        JdbcProxies target = PROXIES.get();
        return target == null ? connection : target.wrap(connection, poolName);
    }

    /** Connection-making calls open on this thread; allocated once per thread that connects. */
    private static final class Depth {
        int driver;
        int pool;
    }
}
