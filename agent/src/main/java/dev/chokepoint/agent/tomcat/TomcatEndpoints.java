package dev.chokepoint.agent.tomcat;

import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.ProbeTarget;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the endpoint advice calls when a Tomcat connector endpoint starts or stops. Holds the
 * binders of running endpoints, keyed by endpoint object identity and bounded: an application
 * has a few connectors, tests may start many servers in one JVM.
 */
public final class TomcatEndpoints {

    static final int MAX_ENDPOINTS = 16;

    /** Strong on purpose: the binder (and through it the gauges' view) lives while the endpoint runs. */
    private static final Map<Object, TomcatThreadPoolMetrics> RUNNING = new ConcurrentHashMap<>();
    private static final ProbeTarget<MeterRegistry> REGISTRY = new ProbeTarget<>(TomcatProbe.ID);

    /** The endpoint {@link #seen} last; one connector is the common case, so one compare per socket event. */
    private static volatile Object lastSeen;

    private TomcatEndpoints() {
    }

    /**
     * An endpoint is handling a socket: binds it if it started before the agent was attached
     * (late attach), so its start was never seen. Called per socket event, hence the shortcut.
     */
    public static void seen(Object endpoint) {
        if (endpoint != lastSeen) {
            lastSeen = endpoint;
            started(endpoint);
        }
    }

    public static void install(MeterRegistry meterRegistry, ProbeContext probeContext) {
        REGISTRY.install(meterRegistry, probeContext);
    }

    public static void started(Object endpoint) {
        MeterRegistry target = REGISTRY.get();
        if (target == null || RUNNING.size() >= MAX_ENDPOINTS
                || RUNNING.containsKey(new Identity(endpoint))) {
            return;
        }
        TomcatThreadPoolMetrics metrics = new TomcatThreadPoolMetrics(new ReflectiveEndpointView(endpoint));
        if (RUNNING.putIfAbsent(new Identity(endpoint), metrics) == null) {
            metrics.bindTo(target);
        }
    }

    public static void stopped(Object endpoint) {
        TomcatThreadPoolMetrics metrics = RUNNING.remove(new Identity(endpoint));
        if (metrics != null) {
            metrics.unbind();
        }
    }

    static int running() {
        return RUNNING.size();
    }

    /** Endpoints compared by identity: their equals/hashCode are Tomcat's business. */
    private record Identity(Object endpoint) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Identity identity && identity.endpoint == endpoint;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(endpoint);
        }
    }
}
