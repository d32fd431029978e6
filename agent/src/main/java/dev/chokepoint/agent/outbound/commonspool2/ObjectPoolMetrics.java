package dev.chokepoint.agent.outbound.commonspool2;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * One commons-pool2 pool's meters under the names and tags of Micrometer's
 * {@code CommonsObjectPool2Metrics} ({@code commons.pool2.num.active}, {@code .num.idle},
 * {@code .num.waiters}, {@code .mean.borrow.wait}, {@code .max.borrow.wait} {name, type,
 * factoryType}), plus its limit, {@code chokepoint.commons.pool2.max}, which Micrometer's does not
 * publish: active = max with waiters is the pool saturated (DBCP2's connections, Jedis's).
 */
public final class ObjectPoolMetrics implements MeterBinder {

    /** Micrometer's {@code type} tag: the JMX type of the pools it reads. */
    static final String TYPE = "GenericObjectPool";

    private final Tags tags;
    /** Strong reference on purpose: gauges hold their object weakly and nothing else holds this one. */
    private final ObjectPoolView pool;
    private final List<Meter> meters = new ArrayList<>();
    private MeterRegistry registry;

    public ObjectPoolMetrics(String name, ObjectPoolView pool) {
        this.pool = pool;
        this.tags = Tags.of("name", name, "type", TYPE, "factoryType", pool.factoryType());
    }

    @Override
    public synchronized void bindTo(MeterRegistry target) {
        registry = target;
        gauge("commons.pool2.num.active", "objects", "The number of instances currently active in this pool",
                ObjectPoolView::active);
        gauge("commons.pool2.num.idle", "objects", "The number of instances currently idle in this pool",
                ObjectPoolView::idle);
        gauge("commons.pool2.num.waiters", "threads",
                "The estimate of the number of threads currently blocked waiting for an object from the pool",
                ObjectPoolView::waiters);
        gauge("chokepoint.commons.pool2.max", "objects",
                "The most instances the pool makes (maxTotal); NaN when it has no limit", ObjectPoolView::max);
        timeGauge("commons.pool2.mean.borrow.wait", "The mean time threads wait to borrow an object",
                ObjectPoolView::meanBorrowWaitMillis);
        timeGauge("commons.pool2.max.borrow.wait", "The maximum time a thread has waited to borrow objects from the pool",
                ObjectPoolView::maxBorrowWaitMillis);
    }

    /** The pool was collected: its series go, so that its name can be given to another pool. */
    public synchronized void unbind() {
        if (registry != null) {
            meters.forEach(registry::remove);
        }
        meters.clear();
        registry = null;
    }

    // Strong references below on purpose: the view is referenced by nothing but this binder (it
    // holds the pool weakly); a weak gauge would read NaN after the next GC. Its readings never throw.

    private void gauge(String name, String unit, String description, ToDoubleFunction<ObjectPoolView> read) {
        meters.add(Gauge.builder(name, pool, read).baseUnit(unit).description(description).tags(tags)
                .strongReference(true).register(registry));
    }

    private void timeGauge(String name, String description, ToDoubleFunction<ObjectPoolView> readMillis) {
        meters.add(TimeGauge.builder(name, pool, TimeUnit.MILLISECONDS, readMillis).description(description).tags(tags)
                .strongReference(true).register(registry));
    }
}
