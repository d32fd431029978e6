package dev.chokepoint.agent.hikari;

import dev.chokepoint.agent.request.RequestTimes;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;

/**
 * One Hikari pool's meters under Micrometer's standard {@code hikaricp.*} names, so dashboards
 * built for Hikari's own Micrometer tracker work unchanged. Fed by the tracker Hikari calls
 * ({@code tracker.ChokepointTracker}); usable and tested without the agent.
 */
public final class HikariPoolMetrics implements MeterBinder {

    private final String pool;
    /** Strong reference on purpose: gauges hold their object weakly and nothing else holds this one. */
    private final PoolGauges gauges;
    private final List<Meter> meters = new ArrayList<>();
    private volatile MeterRegistry registry;
    private volatile Timer acquire;
    private volatile Timer usage;
    private volatile Timer creation;
    private volatile Counter timeouts;

    public HikariPoolMetrics(String pool, PoolGauges gauges) {
        this.pool = pool;
        this.gauges = gauges;
    }

    @Override
    public synchronized void bindTo(MeterRegistry target) {
        gauge(target, "hikaricp.connections", "Total connections", PoolGauges::total);
        gauge(target, "hikaricp.connections.active", "Connections in use", PoolGauges::active);
        gauge(target, "hikaricp.connections.idle", "Idle connections", PoolGauges::idle);
        gauge(target, "hikaricp.connections.pending", "Threads waiting for a connection", PoolGauges::pending);
        gauge(target, "hikaricp.connections.max", "Maximum pool size", PoolGauges::max);
        gauge(target, "hikaricp.connections.min", "Minimum idle connections", PoolGauges::min);
        acquire = keep(Timer.builder("hikaricp.connections.acquire").description("Time to get a connection")
                .tag("pool", pool).register(target));
        usage = keep(Timer.builder("hikaricp.connections.usage").description("Time a connection is held")
                .tag("pool", pool).register(target));
        creation = keep(Timer.builder("hikaricp.connections.creation").description("Time to create a connection")
                .tag("pool", pool).register(target));
        timeouts = keep(Counter.builder("hikaricp.connections.timeout").description("Connection acquire timeouts")
                .tag("pool", pool).register(target));
        registry = target;
    }

    /** Acquire time, also charged to the request waiting on this thread. */
    public void acquired(long nanos) {
        Timer timer = acquire;
        if (timer != null) {
            RequestTimes times = RequestTimes.current();
            times.record(timer, nanos);
            times.addPoolWait(nanos);
        }
    }

    public void used(long millis) {
        Timer timer = usage;
        if (timer != null) {
            RequestTimes.current().record(timer, TimeUnit.MILLISECONDS.toNanos(millis));
        }
    }

    public void created(long millis) {
        Timer timer = creation;
        if (timer != null) {
            timer.record(millis, TimeUnit.MILLISECONDS);
        }
    }

    public void timedOut() {
        Counter counter = timeouts;
        if (counter != null) {
            counter.increment();
        }
    }

    /** The pool shut down: its series go away rather than report a dead pool forever. */
    public synchronized void close() {
        MeterRegistry target = registry;
        registry = null;
        acquire = null;
        usage = null;
        creation = null;
        timeouts = null;
        if (target != null) {
            meters.forEach(target::remove);
        }
        meters.clear();
    }

    private void gauge(MeterRegistry target, String name, String description, ToIntFunction<PoolGauges> read) {
        keep(Gauge.builder(name, gauges, g -> safe(g, read))
                .description(description)
                .tag("pool", pool)
                .strongReference(true)
                .register(target));
    }

    private <M extends Meter> M keep(M meter) {
        meters.add(meter);
        return meter;
    }

    /** Gauges never throw into a scrape: a pool that cannot answer reads NaN. */
    private static double safe(PoolGauges gauges, ToIntFunction<PoolGauges> read) {
        try {
            return read.applyAsInt(gauges);
        } catch (RuntimeException | LinkageError unreadable) {
            return Double.NaN;
        }
    }
}
