package dev.chokepoint.agent.tomcat;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Tomcat's worker pool and connections under Micrometer's {@code tomcat.*} names (same series as
 * Spring Boot's TomcatMetrics with JMX on), plus {@code chokepoint.tomcat.queue}: work accepted
 * but waiting for a worker, the saturation half of the worker pool's USE triple.
 */
public final class TomcatThreadPoolMetrics implements MeterBinder {

    private final EndpointView endpoint;
    private final List<Meter> meters = new ArrayList<>();
    private MeterRegistry registry;

    public TomcatThreadPoolMetrics(EndpointView endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public synchronized void bindTo(MeterRegistry target) {
        registry = target;
        gauge("tomcat.threads.busy", "threads", "Worker threads serving a request", EndpointView::busyThreads);
        gauge("tomcat.threads.current", "threads", "Worker threads alive", EndpointView::currentThreads);
        gauge("tomcat.threads.config.max", "threads", "Maximum worker threads", EndpointView::maxThreads);
        gauge("tomcat.connections.current", "connections", "Open connections", EndpointView::currentConnections);
        gauge("tomcat.connections.config.max", "connections", "Maximum connections", EndpointView::maxConnections);
        gauge("chokepoint.tomcat.queue", null, "Requests waiting for a worker thread", EndpointView::queuedTasks);
    }

    /** The endpoint stopped: its series go, so a stopped connector does not report stale numbers. */
    public synchronized void unbind() {
        if (registry != null) {
            meters.forEach(registry::remove);
        }
        meters.clear();
        registry = null;
    }

    private void gauge(String name, String unit, String description, ToDoubleFunction<EndpointView> read) {
        // Strong reference on purpose: Micrometer gauges hold their object weakly, and the view is
        // referenced by nothing but this binder; a weak gauge would read NaN after the next GC.
        meters.add(Gauge.builder(name, endpoint, read)
                .description(description)
                .baseUnit(unit)
                .tag("name", endpoint.name())
                .strongReference(true)
                .register(registry));
    }
}
