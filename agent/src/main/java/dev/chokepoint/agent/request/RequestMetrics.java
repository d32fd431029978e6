package dev.chokepoint.agent.request;

import dev.chokepoint.agent.label.BoundedLabels;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server-request meters: {@code http.server.requests} with fixed SLO buckets (the collector
 * computes p95 from them), the per-route split {@code chokepoint.request.cpu|pool.wait|jdbc|remote}
 * and {@code chokepoint.http.server.active}. Plain Micrometer, usable without the agent.
 *
 * <p>Meters are resolved once per tag combination and kept in maps bounded by the uri cap
 * ({@code max-uris}) × methods × status codes, so recording a request allocates nothing but
 * what the timers themselves do.
 */
public final class RequestMetrics implements MeterBinder {

    static final Duration[] SLO_BUCKETS = {
        Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
        Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(300), Duration.ofMillis(500),
        Duration.ofMillis(750), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
        Duration.ofSeconds(10),
    };

    private final BoundedLabels uris;
    private final ConcurrentHashMap<String, RouteMeters> routes = new ConcurrentHashMap<>();
    /** Held here, strongly: Micrometer gauges keep only a weak reference to their object. */
    private final AtomicInteger active = new AtomicInteger();
    private volatile MeterRegistry registry;

    public RequestMetrics(int maxUris) {
        this.uris = new BoundedLabels(maxUris, 4 * maxUris, new UriNormalizer());
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("chokepoint.http.server.active", active, AtomicInteger::get)
                .description("Server requests in flight")
                .strongReference(true)
                .register(registry);
        this.registry = registry;
    }

    void started() {
        active.incrementAndGet();
    }

    void ended() {
        active.decrementAndGet();
    }

    /**
     * Records one finished request.
     *
     * @param routePattern the framework's route template (Spring's best-matching pattern) or null
     * @param cpuNanos     thread CPU used, or a negative number when it could not be read
     */
    public void record(String method, Object routePattern, String path, int status,
                       long wallNanos, long cpuNanos, long poolWaitNanos, long jdbcNanos, long remoteNanos) {
        MeterRegistry target = registry;
        if (target == null) {
            return;
        }
        RouteMeters route = route(target, uriTag(routePattern, path, status));
        route.requests(target, method, status).record(wallNanos, TimeUnit.NANOSECONDS);
        if (cpuNanos >= 0) {
            route.cpu.record(cpuNanos, TimeUnit.NANOSECONDS);
        }
        route.poolWait.record(poolWaitNanos, TimeUnit.NANOSECONDS);
        route.jdbc.record(jdbcNanos, TimeUnit.NANOSECONDS);
        route.remote.record(remoteNanos, TimeUnit.NANOSECONDS);
    }

    /** Spring's conventions when no route matched; a bounded normalized path otherwise. */
    String uriTag(Object routePattern, String path, int status) {
        if (routePattern != null) {
            return uris.admit(routePattern.toString());
        }
        if (status >= 300 && status < 400) {
            return "REDIRECTION";
        }
        if (status == 404) {
            return "NOT_FOUND";
        }
        if (path == null || path.isEmpty()) {
            return "UNKNOWN";
        }
        return uris.label(path);
    }

    private RouteMeters route(MeterRegistry target, String uri) {
        RouteMeters route = routes.get(uri);
        return route != null ? route : routes.computeIfAbsent(uri, u -> new RouteMeters(target, u));
    }

    int routeCount() {
        return routes.size();
    }

    /** The timers of one route: its split timers, and its request timers per method and status. */
    static final class RouteMeters {
        private final String uri;
        final Timer cpu;
        final Timer poolWait;
        final Timer jdbc;
        final Timer remote;
        /** Copy-on-write, scanned linearly: a route sees a handful of (method, status) pairs. */
        private volatile StatusTimer[] byStatus = new StatusTimer[0];

        RouteMeters(MeterRegistry registry, String uri) {
            this.uri = uri;
            this.cpu = split(registry, "chokepoint.request.cpu", "CPU time of the request's thread", uri);
            this.poolWait = split(registry, "chokepoint.request.pool.wait", "Time waiting for a pooled connection", uri);
            this.jdbc = split(registry, "chokepoint.request.jdbc", "Time inside JDBC statements", uri);
            this.remote = split(registry, "chokepoint.request.remote", "Time inside outbound HTTP calls", uri);
        }

        private static Timer split(MeterRegistry registry, String name, String description, String uri) {
            return Timer.builder(name).description(description).tag("uri", uri).register(registry);
        }

        Timer requests(MeterRegistry registry, String rawMethod, int status) {
            String method = HttpLabels.method(rawMethod);
            for (StatusTimer entry : byStatus) {
                if (entry.status == status && entry.method == method) {
                    return entry.timer;
                }
            }
            synchronized (this) {
                for (StatusTimer entry : byStatus) {
                    if (entry.status == status && entry.method == method) {
                        return entry.timer;
                    }
                }
                Timer timer = Timer.builder("http.server.requests")
                        .description("Server requests, as Spring's observation names them")
                        .tags("method", method, "uri", uri, "status", HttpLabels.status(status),
                                "outcome", HttpLabels.outcome(status))
                        .serviceLevelObjectives(SLO_BUCKETS)
                        .register(registry);
                StatusTimer[] grown = java.util.Arrays.copyOf(byStatus, byStatus.length + 1);
                grown[grown.length - 1] = new StatusTimer(method, status, timer);
                byStatus = grown;
                return timer;
            }
        }
    }

    private record StatusTimer(String method, int status, Timer timer) {
    }
}
