package dev.chokepoint.agent.tomcat;

import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.InstrumentingProbe;
import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.weave.HookCode;
import dev.chokepoint.agent.probe.weave.MethodHooks;
import dev.chokepoint.agent.probe.weave.MethodMatch;
import dev.chokepoint.agent.probe.weave.ProbeAdvice;
import dev.chokepoint.agent.probe.weave.TypeMatch;

import java.util.List;

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
        return List.of(ProbeAdvice.of(TypeMatch.named(ENDPOINT))
                .on(MethodMatch.named("start").arguments(0), MethodHooks.onExit(endpointTo("started")))
                .on(MethodMatch.named("stop").arguments(0), MethodHooks.onEnter(endpointTo("stopped")))
                // Finds endpoints that were already running when the agent was attached to a live JVM.
                .on(MethodMatch.named("processSocket"), MethodHooks.onEnter(endpointTo("seen"))));
    }

    /** {@code TomcatEndpoints.<helper>(this)} */
    private static HookCode endpointTo(String helper) {
        return code -> code.thisObject().callStatic(TomcatEndpoints.class, helper);
    }
}
