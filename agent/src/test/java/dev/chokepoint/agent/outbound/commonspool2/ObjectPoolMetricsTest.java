package dev.chokepoint.agent.outbound.commonspool2;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.commons.pool2.BasePooledObjectFactory;
import org.apache.commons.pool2.PooledObject;
import org.apache.commons.pool2.impl.DefaultPooledObject;
import org.apache.commons.pool2.impl.GenericObjectPool;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The binder alone on a real commons-pool2 {@code GenericObjectPool}, read through {@link ReflectiveObjectPool}. */
class ObjectPoolMetricsTest {

    private static final int MAX = 2;
    private static final int BORROWERS = 6;
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ExecutorService borrowers = Executors.newCachedThreadPool();
    private final GenericObjectPool<Session> pool = new GenericObjectPool<>(new SessionFactory(), config());

    /** What the pool lends: a stand-in for a Redis or database connection. */
    static final class Session {
    }

    static final class SessionFactory extends BasePooledObjectFactory<Session> {
        @Override
        public Session create() {
            return new Session();
        }

        @Override
        public PooledObject<Session> wrap(Session session) {
            return new DefaultPooledObject<>(session);
        }
    }

    private static GenericObjectPoolConfig<Session> config() {
        GenericObjectPoolConfig<Session> config = new GenericObjectPoolConfig<>();
        config.setMaxTotal(MAX);
        config.setJmxEnabled(false);
        config.setMaxWait(WAIT);
        return config;
    }

    @AfterEach
    void close() throws InterruptedException {
        pool.close();
        borrowers.shutdownNow();
        assertThat(borrowers.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void givenSixBorrowersOnAPoolOfTwo_thenActiveReachesMaxWithWaitersAndTheirWaitIsMeasured() throws Exception {
        bind("sessions");
        List<Session> held = new ArrayList<>();
        for (int i = 0; i < MAX; i++) {
            held.add(pool.borrowObject());
        }
        List<Future<?>> waiting = new ArrayList<>();
        for (int i = MAX; i < BORROWERS; i++) {
            waiting.add(borrowers.submit(() -> {
                pool.returnObject(pool.borrowObject());
                return null;
            }));
        }

        // Polled: the borrowers block on their own threads.
        await().atMost(WAIT).untilAsserted(() -> assertThat(gauge("commons.pool2.num.waiters")).isEqualTo(BORROWERS - MAX));
        assertThat(gauge("commons.pool2.num.active")).isEqualTo(MAX);
        assertThat(gauge("commons.pool2.num.idle")).isZero();
        assertThat(gauge("chokepoint.commons.pool2.max")).isEqualTo(MAX);

        held.forEach(pool::returnObject);
        for (Future<?> borrower : waiting) {
            borrower.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
        assertThat(gauge("commons.pool2.num.waiters")).isZero();
        assertThat(gauge("commons.pool2.num.active")).isZero();
        assertThat(gauge("commons.pool2.num.idle")).isEqualTo(MAX);
        assertThat(registry.get("commons.pool2.max.borrow.wait").timeGauge().value(TimeUnit.MILLISECONDS))
                .as("the waiters waited").isPositive();
        assertThat(registry.get("commons.pool2.mean.borrow.wait").timeGauge().value(TimeUnit.MILLISECONDS)).isPositive();
    }

    @Test
    void theTagsAreMicrometersNameTypeAndFactoryType() throws Exception {
        bind("sessions");

        assertThat(registry.get("commons.pool2.num.active").gauge().getId().getTags())
                .extracting(tag -> tag.getKey() + "=" + tag.getValue())
                .containsExactlyInAnyOrder("name=sessions", "type=GenericObjectPool",
                        "factoryType=" + pool.getFactoryType());
        assertThat(pool.getFactoryType()).contains(SessionFactory.class.getName());
    }

    @Test
    void givenAPoolWithoutALimit_thenItsMaxReadsNaN() throws Exception {
        bind("unbounded");

        pool.setMaxTotal(-1);

        assertThat(gauge("chokepoint.commons.pool2.max")).isNaN();
    }

    @Test
    void givenTheApplicationDroppedItsPool_thenTheGaugesReadNaNAndDoNotKeepItAlive() {
        bindDropped();

        // Polled: a collection clears the weak reference when the JVM decides.
        await().atMost(WAIT).pollInterval(Duration.ofMillis(50)).until(() -> {
            System.gc();
            return Double.isNaN(gauge("commons.pool2.num.active"));
        });
    }

    @Test
    void givenTheBinderUnbound_thenItsSeriesAreGone() throws Exception {
        ObjectPoolMetrics metrics = bind("gone");

        metrics.unbind();

        assertThat(registry.getMeters()).isEmpty();
    }

    private ObjectPoolMetrics bind(String name) throws ReflectiveOperationException {
        ObjectPoolMetrics metrics = new ObjectPoolMetrics(name, ReflectiveObjectPool.of(pool, GenericObjectPool.class));
        metrics.bindTo(registry);
        return metrics;
    }

    private void bindDropped() {
        try {
            GenericObjectPool<Session> dropped = new GenericObjectPool<>(new SessionFactory(), config());
            new ObjectPoolMetrics("dropped", ReflectiveObjectPool.of(dropped, GenericObjectPool.class)).bindTo(registry);
            dropped.close();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private double gauge(String name) {
        return registry.get(name).gauge().value();
    }
}
