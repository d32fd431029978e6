package dev.chokepoint.agent.hikari;

import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.InstrumentingProbe;
import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.weave.MethodHooks;
import dev.chokepoint.agent.probe.weave.MethodMatch;
import dev.chokepoint.agent.probe.weave.ProbeAdvice;
import dev.chokepoint.agent.probe.weave.TypeMatch;

import java.util.List;

/**
 * HikariCP pool meters through Hikari's own {@code MetricsTrackerFactory} seam. The pool
 * constructor always calls {@code HikariPool.setMetricsTrackerFactory} (with the application's
 * factory, one built from its metric registry, or null); the advice wraps whatever it is given, so
 * the application's tracker keeps receiving every call.
 */
public final class HikariProbe extends InstrumentingProbe {

    static final String ID = "hikari";
    private static final String POOL = "com.zaxxer.hikari.pool.HikariPool";
    private static final String FACTORY = "com/zaxxer/hikari/metrics/MetricsTrackerFactory";

    public HikariProbe() {
        super(ID, ClassNames.of(POOL));
    }

    @Override
    public void bind(ProbeContext context) {
        HikariTracking.install(context.registry(), context);
    }

    /** {@code factory = (MetricsTrackerFactory) HikariTracking.wrap(factory, HikariPool.class)} at entry. */
    @Override
    public List<ProbeAdvice> advice() {
        return List.of(ProbeAdvice.of(TypeMatch.named(POOL))
                .on(MethodMatch.named("setMetricsTrackerFactory").arguments(1).requiring("L" + FACTORY + ";"), MethodHooks.onEnter(code -> code
                        .argument(0).ownClass().callStatic(HikariTracking.class, "wrap")
                        .cast(FACTORY).setArgument(0))));
    }
}
