package dev.chokepoint.agent.hikari;

import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.InstrumentingProbe;
import dev.chokepoint.agent.probe.ProbeAdvice;
import dev.chokepoint.agent.probe.ProbeContext;
import net.bytebuddy.asm.Advice;

import java.util.List;


import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * HikariCP pool meters through Hikari's own {@code MetricsTrackerFactory} seam. The pool
 * constructor always calls {@code HikariPool.setMetricsTrackerFactory} (with the application's
 * factory, one built from its metric registry, or null); the advice wraps whatever it is given, so
 * the application's tracker keeps receiving every call.
 */
public final class HikariProbe extends InstrumentingProbe {

    static final String ID = "hikari";
    private static final String POOL = "com.zaxxer.hikari.pool.HikariPool";

    public HikariProbe() {
        super(ID, ClassNames.of(POOL));
    }

    @Override
    public void bind(ProbeContext context) {
        HikariTracking.install(context.registry(), context);
    }

    @Override
    public List<ProbeAdvice> advice() {
        return List.of(ProbeAdvice.of(HikariProbe.class, named(POOL))
                .on(named("setMetricsTrackerFactory").and(takesArguments(1)), "SetFactoryAdvice"));
    }

    static final class SetFactoryAdvice {

        private SetFactoryAdvice() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Origin Class<?> hikariPool,
                          @Advice.Argument(value = 0, readOnly = false) MetricsTrackerFactory factory) {
            factory = (MetricsTrackerFactory) HikariTracking.wrap(factory, hikariPool);
        }
    }
}
