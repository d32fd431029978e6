package dev.chokepoint.agent.outbound.commonspool2;

import dev.chokepoint.agent.outbound.PoolConstructorProbe;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.List;

/**
 * commons-pool2's {@code GenericObjectPool}, the pool under DBCP2's {@code BasicDataSource} and
 * Jedis's {@code JedisPool}: found as it is constructed (a subclass's constructor runs it too) and
 * read by {@link ObjectPoolMetrics}.
 */
public final class CommonsPool2Probe extends PoolConstructorProbe<ObjectPoolView> {

    static final String ID = "commons-pool2";
    static final String POOL = "org.apache.commons.pool2.impl.GenericObjectPool";

    public CommonsPool2Probe() {
        // DBCP2 makes its pool at the first getConnection(): named by the application's frame that asked.
        super(ID, List.of(POOL), List.of("org.apache.commons.pool2.", "org.apache.commons.dbcp2."));
    }

    @Override
    protected ObjectPoolView view(Object pool, Class<?> library) throws ReflectiveOperationException {
        return ReflectiveObjectPool.of(pool, library);
    }

    @Override
    protected Runnable register(ObjectPoolView view, String name, MeterRegistry registry) {
        ObjectPoolMetrics metrics = new ObjectPoolMetrics(name, view);
        metrics.bindTo(registry);
        return metrics::unbind;
    }
}
