package dev.chokepoint.agent.hikari;

import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.Probe;
import dev.chokepoint.agent.probe.ProbeContext;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

/**
 * HikariCP pool meters through Hikari's own {@code MetricsTrackerFactory} seam. The pool
 * constructor always calls {@code HikariPool.setMetricsTrackerFactory} (with the application's
 * factory, one built from its metric registry, or null); the advice wraps whatever it is given, so
 * the application's tracker keeps receiving every call.
 */
public final class HikariProbe implements Probe {

    static final String ID = "hikari";
    private static final String POOL = "com.zaxxer.hikari.pool.HikariPool";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public ClassNames classNames() {
        return ClassNames.of(POOL);
    }

    @Override
    public AgentBuilder instrument(AgentBuilder builder, ProbeContext context) {
        HikariTracking.install(context.registry(), context);
        return builder.type(named(POOL))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(HikariProbe.class.getClassLoader())
                        .advice(named("setMetricsTrackerFactory").and(takesArguments(1)),
                                HikariProbe.class.getName() + "$SetFactoryAdvice"));
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
