package dev.chokepoint.agent.request;

import dev.chokepoint.agent.label.BoundedLabels;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The server-request meters: {@code http.server.requests} with fixed SLO buckets (the collector
 * computes p95 from them), the per-route split {@code chokepoint.request.cpu|pool.wait|jdbc|remote}
 * and {@code chokepoint.http.server.active}. Plain Micrometer, usable without the agent.
 *
 * <p>What one request costs: one timer record (the request timer, whose buckets the collector
 * reads quantiles from) and five adds for the split. The split parts are function timers over
 * per-route sums (count and total time, what the collector reads: their means per request), not
 * full timers: a timer record also keeps a decaying maximum (a clock read and a compare-and-set
 * loop) and a histogram, four times per request for nothing the rules use. In a busy process the
 * CPU part is sampled: its count and sum are weighted estimates ({@link CpuSampling}).
 *
 * <p>Meters are resolved once per route and kept in maps bounded by the uri cap
 * ({@code request.max-uris}) × methods × status codes; the raw route template or path is memoized to its
 * route (bounded too), so recording a request is one map lookup, none when its thread recorded the
 * same route last ({@link LastLookup}), and allocates nothing.
 */
public final class RequestMetrics implements MeterBinder {

    static final Duration[] SLO_BUCKETS = {
        Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
        Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(300), Duration.ofMillis(500),
        Duration.ofMillis(750), Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
        Duration.ofSeconds(10),
    };

    private final BoundedLabels uris;
    /** Raw value → route, bounded like the label memo: past it, requests take the two-lookup path. */
    private final int maxMemo;
    private final ConcurrentHashMap<String, RouteMeters> routes = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, RouteMeters> byTemplate = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, RouteMeters> byPath = new ConcurrentHashMap<>();
    /** Held here, strongly: Micrometer gauges keep only a weak reference to their object. */
    private final AtomicInteger active = new AtomicInteger();
    private volatile MeterRegistry registry;

    public RequestMetrics(int maxUris) {
        this.maxMemo = 4 * maxUris;
        this.uris = new BoundedLabels(maxUris, maxMemo, new UriNormalizer());
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
     * @param cpuWeight    how many requests {@code cpuNanos} stands for ({@link CpuSampling}); 0: not read
     * @param recorder     the calling thread's times, whose ring on the meter feed the record goes through
     */
    public void record(RequestTimes recorder, String method, Object routePattern, String path, int status,
                       long wallNanos, long cpuNanos, int cpuWeight, long poolWaitNanos, long jdbcNanos, long remoteNanos) {
        MeterRegistry target = registry;
        if (target == null) {
            return;
        }
        RouteMeters route = route(recorder.lastRoute, target, routePattern, path, status);
        recorder.record(route.requests(target, method, status), wallNanos);
        route.split(recorder, cpuNanos, cpuWeight, poolWaitNanos, jdbcNanos, remoteNanos);
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

    /** {@code last}: the recording thread's last route lookup, or null (a virtual thread). */
    private RouteMeters route(LastLookup last, MeterRegistry target, Object routePattern, String path, int status) {
        ConcurrentHashMap<String, RouteMeters> memo;
        String raw;
        if (routePattern != null) {
            memo = byTemplate;
            raw = routePattern.toString();
        } else if (path != null && !path.isEmpty() && status != 404 && (status < 300 || status >= 400)) {
            memo = byPath;
            raw = path;
        } else {
            return route(target, uriTag(null, path, status));
        }
        Object previous = last == null ? null : last.get(memo, raw);
        if (previous != null) {
            return (RouteMeters) previous;
        }
        RouteMeters route = memo.get(raw);
        if (route == null) {
            route = route(target, uriTag(routePattern, path, status));
            if (memo.size() < maxMemo) {
                memo.putIfAbsent(raw, route);
            }
        }
        if (last != null) {
            last.put(memo, raw, route);
        }
        return route;
    }

    private RouteMeters route(MeterRegistry target, String uri) {
        RouteMeters route = routes.get(uri);
        return route != null ? route : routes.computeIfAbsent(uri, u -> new RouteMeters(target, u));
    }

    int routeCount() {
        return routes.size();
    }

    /** The meters of one route: its split sums, and its request timers per method and status. */
    static final class RouteMeters {
        private final String uri;
        private final LongAdder requests = new LongAdder();
        /** Requests whose CPU time could be read (not on virtual threads). */
        private final LongAdder cpuRequests = new LongAdder();
        private final LongAdder cpuNanos = new LongAdder();
        private final LongAdder poolWaitNanos = new LongAdder();
        private final LongAdder jdbcNanos = new LongAdder();
        private final LongAdder remoteNanos = new LongAdder();
        /** Copy-on-write, scanned linearly: a route sees a handful of (method, status) pairs. */
        private volatile StatusTimer[] byStatus = new StatusTimer[0];

        RouteMeters(MeterRegistry registry, String uri) {
            this.uri = uri;
            // Function timers hold their object weakly: this one is held by RequestMetrics' route map.
            split(registry, "chokepoint.request.cpu", "CPU time of the request's thread", cpuRequests, cpuNanos);
            split(registry, "chokepoint.request.pool.wait", "Time waiting for a pooled connection", requests, poolWaitNanos);
            split(registry, "chokepoint.request.jdbc", "Time inside JDBC statements", requests, jdbcNanos);
            split(registry, "chokepoint.request.remote", "Time inside outbound HTTP calls", requests, remoteNanos);
        }

        private void split(MeterRegistry registry, String name, String description, LongAdder count, LongAdder nanos) {
            FunctionTimer.builder(name, this, r -> count.sum(), r -> nanos.sum(), TimeUnit.NANOSECONDS)
                    .description(description).tag("uri", uri).register(registry);
        }

        /** Through the recording thread's ring on the meter feed: Tomcat's workers share an adder's few cells. */
        void split(RequestTimes recorder, long cpu, int cpuWeight, long poolWait, long jdbc, long remote) {
            recorder.add(requests, 1);
            if (cpu >= 0 && cpuWeight > 0) {
                recorder.add(cpuRequests, cpuWeight);
                recorder.add(cpuNanos, cpu * cpuWeight);
            }
            addNonZero(recorder, poolWaitNanos, poolWait);
            addNonZero(recorder, jdbcNanos, jdbc);
            addNonZero(recorder, remoteNanos, remote);
        }

        private static void addNonZero(RequestTimes recorder, LongAdder sum, long value) {
            if (value != 0) {
                recorder.add(sum, value);
            }
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
