package dev.chokepoint.agent.outbound.httpcomponents;

import dev.chokepoint.agent.label.BoundedLabels;
import dev.chokepoint.agent.outbound.httpcomponents.ConnectionPoolView.Reading;
import dev.chokepoint.agent.outbound.httpcomponents.ConnectionPoolView.Route;
import dev.chokepoint.agent.outbound.httpcomponents.ConnectionPoolView.Stats;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * One HTTP client connection pool's meters, tagged {@code httpclient} (the pool's name):
 * Micrometer's {@code httpcomponents.httpclient.pool.*} for the whole pool, the names and tags of
 * its {@code PoolingHttpClientConnectionManagerMetricsBinder}, and per route (target
 * {@code host:port}) {@code chokepoint.httpclient.pool.route.connections} {state},
 * {@code .pending} and {@code .max}: a route whose leased connections reach its max while requests
 * are pending is the saturated one, which the totals cannot show (5 per route of
 * 25 by HttpClient 5's defaults, 2 of 20 by HttpClient 4's).
 *
 * <p>Bounded: at most {@value #MAX_ROUTES} route values per pool, first come first kept; the routes
 * after them are summed under {@code route="other"}. Routes are found when the meters are read
 * (the pool's {@code getRoutes()}), so the request path pays nothing; a route's series appear at
 * the first scrape after the pool first holds a connection or a waiter for it.
 *
 * <p>All of a pool's gauges read one reading of the pool, taken by the first of them a scrape reads
 * and kept for {@value #FRESH_MILLIS} ms: one pass over the pool's lock per scrape, and leased,
 * pending and max of a route from the same moment.
 */
public final class ConnectionPoolMetrics implements MeterBinder {

    static final int MAX_ROUTES = 16;
    static final long FRESH_MILLIS = 1000;

    private static final Stats NONE = new Stats(0, 0, 0, 0);

    private final String name;
    /** Strong reference on purpose: gauges hold their object weakly and nothing else holds this one. */
    private final ConnectionPoolView pool;
    private final BoundedLabels routes = new BoundedLabels(MAX_ROUTES, 0, target -> target);
    private final List<Meter> meters = new ArrayList<>();
    private final Set<String> routesWithMeters = new HashSet<>();
    private MeterRegistry registry;
    private Clock clock = Clock.SYSTEM;
    private long readAt;
    private Snapshot last;

    /** A reading with its routes' stats summed by route tag; {@code reading} null when the pool is gone or unreadable. */
    private record Snapshot(Reading reading, Map<String, Stats> byRoute) {
    }

    public ConnectionPoolMetrics(String name, ConnectionPoolView pool) {
        this.name = name;
        this.pool = pool;
    }

    @Override
    public synchronized void bindTo(MeterRegistry target) {
        registry = target;
        clock = target.config().clock();
        gauge("httpcomponents.httpclient.pool.total.max",
                "The configured maximum number of allowed persistent connections for all routes.",
                null, s -> s.total().max());
        gauge("httpcomponents.httpclient.pool.total.connections",
                "The number of persistent and available connections for all routes.",
                "available", s -> s.total().available());
        gauge("httpcomponents.httpclient.pool.total.connections",
                "The number of persistent and leased connections for all routes.",
                "leased", s -> s.total().leased());
        gauge("httpcomponents.httpclient.pool.total.pending",
                "The number of connection requests being blocked awaiting a free connection for all routes.",
                null, s -> s.total().pending());
        gauge("httpcomponents.httpclient.pool.route.max.default",
                "The configured default maximum number of allowed persistent connections per route.",
                null, Reading::defaultMaxPerRoute);
    }

    /** The pool was collected: its series go, so that its name can be given to another pool. */
    public synchronized void unbind() {
        if (registry != null) {
            meters.forEach(registry::remove);
        }
        meters.clear();
        routesWithMeters.clear();
        registry = null;
    }

    private void gauge(String meter, String description, String state, ToIntFunction<Reading> read) {
        Gauge.Builder<ConnectionPoolMetrics> builder = Gauge
                .builder(meter, this, m -> m.value(snapshot -> snapshot.reading() == null ? Double.NaN
                        : read.applyAsInt(snapshot.reading())))
                .description(description).tag("httpclient", name);
        register(state == null ? builder : builder.tag("state", state));
    }

    /** The gauges of route tag {@code route}, registered when a reading first finds it. */
    private void routeGauges(String route) {
        // One description for both states: Prometheus prints one HELP line per name.
        String connections = "Persistent connections of the route, leased or available";
        routeGauge("chokepoint.httpclient.pool.route.connections", connections, route, "leased", Stats::leased);
        routeGauge("chokepoint.httpclient.pool.route.connections", connections, route, "available", Stats::available);
        routeGauge("chokepoint.httpclient.pool.route.pending", "Requests waiting for a connection of the route",
                route, null, Stats::pending);
        routeGauge("chokepoint.httpclient.pool.route.max", "The most connections the route may hold",
                route, null, Stats::max);
    }

    private void routeGauge(String meter, String description, String route, String state, ToIntFunction<Stats> read) {
        // A route the pool no longer holds (its connections closed) reads 0, not NaN: nothing is leased there.
        Gauge.Builder<ConnectionPoolMetrics> builder = Gauge
                .builder(meter, this, m -> m.value(snapshot -> snapshot.reading() == null ? Double.NaN
                        : read.applyAsInt(snapshot.byRoute().getOrDefault(route, NONE))))
                .description(description).tags("httpclient", name, "route", route);
        register(state == null ? builder : builder.tag("state", state));
    }

    private void register(Gauge.Builder<ConnectionPoolMetrics> builder) {
        // Strong: the view is referenced by nothing but this binder (it holds the pool weakly).
        meters.add(builder.strongReference(true).register(registry));
    }

    /** Gauges never throw into a scrape: a pool that cannot answer reads NaN. */
    private double value(ToDoubleFunction<Snapshot> read) {
        try {
            return read.applyAsDouble(snapshot());
        } catch (RuntimeException unreadable) {
            return Double.NaN;
        }
    }

    /**
     * The last reading while fresh, else a new one. A new route tag gets its gauges here, inside a
     * scrape: the agent has no thread of its own to look for routes, and looking on the request
     * path would cost every lease. Registering while a registry is read is safe: Micrometer and the
     * Prometheus registry keep their meters in concurrent structures, and a meter added meanwhile is
     * read from the next scrape on.
     */
    private synchronized Snapshot snapshot() {
        long now = clock.monotonicTime();
        if (last != null && now - readAt < TimeUnit.MILLISECONDS.toNanos(FRESH_MILLIS)) {
            return last;
        }
        Reading reading;
        try {
            reading = pool.read();
        } catch (Throwable unreadable) {
            reading = null;
        }
        Map<String, Stats> byRoute = new HashMap<>();
        if (reading != null) {
            for (Route route : reading.routes()) {
                byRoute.merge(routes.admit(route.target()), route.stats(), ConnectionPoolMetrics::sum);
            }
            for (String route : byRoute.keySet()) {
                if (registry != null && routesWithMeters.add(route)) {
                    routeGauges(route);
                }
            }
        }
        last = new Snapshot(reading, byRoute);
        readAt = now;
        return last;
    }

    private static Stats sum(Stats a, Stats b) {
        return new Stats(a.leased() + b.leased(), a.available() + b.available(), a.pending() + b.pending(),
                a.max() + b.max());
    }
}
