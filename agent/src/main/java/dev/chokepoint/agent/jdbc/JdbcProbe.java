package dev.chokepoint.agent.jdbc;

import dev.chokepoint.agent.label.LabelLimit;
import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.InstrumentingProbe;
import dev.chokepoint.agent.probe.ProbeAdvice;
import dev.chokepoint.agent.probe.ProbeContext;
import net.bytebuddy.asm.Advice;

import java.sql.Connection;
import java.util.List;
import java.util.Properties;

import static net.bytebuddy.matcher.ElementMatchers.failSafe;
import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.nameEndsWith;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * Per-statement latency: wraps the connections drivers and Hikari hand out ({@link JdbcProxies}).
 * Drivers are matched by name first ({@code …Driver}, the JDBC naming custom, and the few drivers
 * named otherwise) and only then by hierarchy, so applications pay the super-type lookup for a
 * handful of classes.
 */
public final class JdbcProbe extends InstrumentingProbe {

    static final String ID = "jdbc";
    static final int DEFAULT_MAX_QUERIES = 100;
    private static final String DRIVER_SUFFIX = "Driver";
    /** Drivers whose class name breaks the custom: SQLite's (xerial sqlite-jdbc, the one in wide use). */
    private static final String[] DRIVERS_NAMED_OTHERWISE = {"org.sqlite.JDBC"};
    private static final String POOL_BASE = "com.zaxxer.hikari.pool.PoolBase";

    /** False when {@code max-queries} is negative: no meters, no transformation. */
    private volatile boolean counting;

    public JdbcProbe() {
        super(ID, ClassNames.of(POOL_BASE).or(ClassNames.of(DRIVERS_NAMED_OTHERWISE)).orEndingWith(DRIVER_SUFFIX));
    }

    @Override
    public void bind(ProbeContext context) {
        int maxQueries = LabelLimit.read(context, ID, "max-queries", DEFAULT_MAX_QUERIES);
        if (maxQueries < 0) {
            return;
        }
        QueryMetrics metrics = new QueryMetrics(maxQueries);
        metrics.bindTo(context.registry());
        DatabasePeers databases = new DatabasePeers();
        databases.bindTo(context.registry());
        JdbcConnections.install(new JdbcProxies(metrics, databases), context);
        counting = true;
    }

    @Override
    public List<ProbeAdvice> advice() {
        if (!counting) {
            return List.of();
        }
        return List.of(
                ProbeAdvice.of(JdbcProbe.class, nameEndsWith(DRIVER_SUFFIX).or(namedOneOf(DRIVERS_NAMED_OTHERWISE))
                        .and(not(isAbstract()))
                        .and(not(nameStartsWith("dev.chokepoint.agent.")))
                        // failSafe: a "…Driver" class whose super types cannot be resolved (an
                        // optional dependency absent) is not a JDBC driver we can see, not an error
                        // that should switch the whole probe off.
                        .and(failSafe(hasSuperType(named("java.sql.Driver")))))
                        .on(named("connect").and(takesArguments(String.class, Properties.class))
                                .and(returns(named("java.sql.Connection"))), "DriverConnectAdvice"),
                ProbeAdvice.of(JdbcProbe.class, named(POOL_BASE))
                        .on(named("newConnection").and(returns(named("java.sql.Connection"))),
                                "PoolNewConnectionAdvice"));
    }

    static final class DriverConnectAdvice {

        private DriverConnectAdvice() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) String url) {
            JdbcConnections.enterDriver(url);
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Return(readOnly = false) Connection connection) {
            connection = JdbcConnections.exitDriver(connection);
        }
    }

    static final class PoolNewConnectionAdvice {

        private PoolNewConnectionAdvice() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            JdbcConnections.enterPool();
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.FieldValue("poolName") String poolName,
                         @Advice.Return(readOnly = false) Connection connection) {
            connection = JdbcConnections.exitPool(connection, poolName);
        }
    }
}
