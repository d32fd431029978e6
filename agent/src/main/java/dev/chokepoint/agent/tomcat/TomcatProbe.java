package dev.chokepoint.agent.tomcat;

import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.InstrumentingProbe;
import dev.chokepoint.agent.probe.ProbeAdvice;
import dev.chokepoint.agent.probe.ProbeContext;
import net.bytebuddy.asm.Advice;

import java.util.List;


import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesNoArguments;

/**
 * Finds Tomcat's connector endpoints as they start ({@code AbstractEndpoint.start()}: bound, executor
 * created) and stop, and binds their worker-pool gauges; an endpoint that started before a late
 * attach is found at its next socket event ({@code processSocket}). No JMX: Spring Boot's embedded Tomcat
 * turns its MBean registry off, the endpoint object itself is always there.
 */
public final class TomcatProbe extends InstrumentingProbe {

    static final String ID = "tomcat";
    private static final String ENDPOINT = "org.apache.tomcat.util.net.AbstractEndpoint";

    public TomcatProbe() {
        super(ID, ClassNames.of(ENDPOINT));
    }

    @Override
    public void bind(ProbeContext context) {
        TomcatEndpoints.install(context.registry(), context);
    }

    @Override
    public List<ProbeAdvice> advice() {
        return List.of(ProbeAdvice.of(TomcatProbe.class, named(ENDPOINT))
                .on(named("start").and(takesNoArguments()), "StartAdvice")
                .on(named("stop").and(takesNoArguments()), "StopAdvice")
                .on(named("processSocket"), "ProcessSocketAdvice"));
    }

    static final class StartAdvice {

        private StartAdvice() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object endpoint) {
            TomcatEndpoints.started(endpoint);
        }
    }

    /** Finds endpoints that were already running when the agent was attached to a live JVM. */
    static final class ProcessSocketAdvice {

        private ProcessSocketAdvice() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object endpoint) {
            TomcatEndpoints.seen(endpoint);
        }
    }

    static final class StopAdvice {

        private StopAdvice() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object endpoint) {
            TomcatEndpoints.stopped(endpoint);
        }
    }
}
