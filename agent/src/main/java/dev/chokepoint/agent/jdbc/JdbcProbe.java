package dev.chokepoint.agent.jdbc;

import dev.chokepoint.agent.label.LabelLimit;
import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.InstrumentingProbe;
import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.weave.MethodHooks;
import dev.chokepoint.agent.probe.weave.MethodMatch;
import dev.chokepoint.agent.probe.weave.ProbeAdvice;
import dev.chokepoint.agent.probe.weave.TypeMatch;

import java.util.List;

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
    private static final String CONNECTION = "Ljava/sql/Connection;";

    /** False when {@code jdbc.max-queries} is negative: no meters, no transformation. */
    private volatile boolean counting;

    public JdbcProbe() {
        super(ID, ClassNames.of(POOL_BASE).or(ClassNames.of(DRIVERS_NAMED_OTHERWISE)).orEndingWith(DRIVER_SUFFIX));
    }

    @Override
    public void bind(ProbeContext context) {
        int maxQueries = LabelLimit.read(context, ID, "jdbc.max-queries", DEFAULT_MAX_QUERIES);
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
                ProbeAdvice.of(TypeMatch.nameEndsWith(DRIVER_SUFFIX).or(TypeMatch.named(DRIVERS_NAMED_OTHERWISE))
                        .and(TypeMatch.concrete())
                        .and(TypeMatch.nameStartsWith("dev.chokepoint.agent.").negate())
                        // A "…Driver" class whose super types cannot be read (an optional dependency
                        // absent) is not a JDBC driver we can see: no match, not an error.
                        .and(TypeMatch.hasSuperType("java.sql.Driver")))
                        .on(MethodMatch.named("connect").arguments("Ljava/lang/String;", "Ljava/util/Properties;").returns(CONNECTION),
                                MethodHooks.onEnter(code -> code.argument(0).callStatic(JdbcConnections.class, "enterDriver"))
                                        .andOnExit(code -> code.returned().callStatic(JdbcConnections.class, "exitDriver").setReturned())
                                        .alsoOnThrow()),
                ProbeAdvice.of(TypeMatch.named(POOL_BASE))
                        .on(MethodMatch.named("newConnection").returns(CONNECTION),
                                MethodHooks.onEnter(code -> code.callStatic(JdbcConnections.class, "enterPool"))
                                        .andOnExit(code -> code.returned().field("poolName", "Ljava/lang/String;")
                                                .callStatic(JdbcConnections.class, "exitPool").setReturned())
                                        .alsoOnThrow()));
    }
}
