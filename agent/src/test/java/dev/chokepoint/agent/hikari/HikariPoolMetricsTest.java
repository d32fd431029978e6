package dev.chokepoint.agent.hikari;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.IMetricsTracker;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import com.zaxxer.hikari.metrics.PoolStats;
import dev.chokepoint.agent.hikari.tracker.ChokepointTrackerFactory;
import dev.chokepoint.agent.probe.FixedProbeContext;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The tracker factory the agent installs, used directly (no agent) on a real HikariCP pool over the
 * PostgreSQL at 127.0.0.1:5432: one connection, eight clients.
 */
class HikariPoolMetricsTest {

    private static final int CLIENTS = 8;

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final CountingFactory application = new CountingFactory();
    private HikariDataSource pool;
    private String poolName;

    @BeforeEach
    void startPool() {
        HikariTracking.install(registry, new FixedProbeContext(registry, Map.of()));
        poolName = "pool-" + System.nanoTime();
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:postgresql://127.0.0.1:5432/test");
        config.setUsername("postgres");
        config.setPoolName(poolName);
        config.setMaximumPoolSize(1);
        config.setConnectionTimeout(30_000);
        config.setMetricsTrackerFactory((MetricsTrackerFactory) HikariTracking.wrap(application, com.zaxxer.hikari.pool.HikariPool.class));
        pool = new HikariDataSource(config);
    }

    @AfterEach
    void closePool() {
        pool.close();
    }

    @Test
    void givenOneConnectionAndEightClients_thenThreadsArePendingAndActiveIsMax() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                done.add(clients.submit(() -> {
                    try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
                        statement.execute("select pg_sleep(0.3)");
                    }
                    return null;
                }));
            }

            // Polled: PoolStats refreshes at most once a second and the clients start when they start.
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                assertThat(gauge("hikaricp.connections.pending")).isGreaterThan(0);
                assertThat(gauge("hikaricp.connections.active")).isEqualTo(1);
            });
            assertThat(gauge("hikaricp.connections.max")).isEqualTo(1);
            for (Future<?> call : done) {
                call.get();
            }
        } finally {
            clients.shutdownNow();
        }

        assertThat(registry.get("hikaricp.connections.acquire").tag("pool", poolName).timer().count()).isEqualTo(CLIENTS);
        // The last waiter queued behind seven 0.3 s holds: the slowest acquire is well above one hold.
        assertThat(registry.get("hikaricp.connections.acquire").tag("pool", poolName).timer()
                .max(java.util.concurrent.TimeUnit.MILLISECONDS)).isGreaterThan(300);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(registry.get("hikaricp.connections.usage").tag("pool", poolName).timer().count()).isEqualTo(CLIENTS));
        assertThat(registry.get("hikaricp.connections.timeout").tag("pool", poolName).counter().count()).isZero();
    }

    @Test
    void theApplicationsOwnTrackerStillReceivesEveryCall() throws Exception {
        for (int i = 0; i < 3; i++) {
            try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
                statement.execute("select 1");
            }
        }

        // Hikari makes its first connection before it asks for a tracker: both sides saw the same creations.
        assertThat((long) application.created.get())
                .isEqualTo(registry.get("hikaricp.connections.creation").tag("pool", poolName).timer().count());
        assertThat(application.acquired.get()).isEqualTo(3);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(application.used.get()).isEqualTo(3));
        assertThat(registry.get("hikaricp.connections.acquire").tag("pool", poolName).timer().count()).isEqualTo(3);
    }

    @Test
    void anAcquireTimeoutIsCountedOnBothSides() throws Exception {
        pool.setConnectionTimeout(250); // Hikari's minimum
        try (Connection held = pool.getConnection()) {
            assertThatThrownBy(pool::getConnection).isInstanceOf(SQLTransientConnectionException.class);
        }

        assertThat(registry.get("hikaricp.connections.timeout").tag("pool", poolName).counter().count()).isEqualTo(1);
        assertThat(application.timeouts.get()).isEqualTo(1);
    }

    @Test
    void closingThePoolRemovesItsSeries() {
        pool.close();

        assertThat(registry.find("hikaricp.connections.active").tag("pool", poolName).gauge()).isNull();
        assertThat(application.closed.get()).isEqualTo(1);
    }

    @Test
    void anAlreadyWrappedFactoryIsNotWrappedAgain() {
        Object once = HikariTracking.wrap(application, com.zaxxer.hikari.pool.HikariPool.class);
        Object twice = HikariTracking.wrap(once, com.zaxxer.hikari.pool.HikariPool.class);

        assertThat(twice).isSameAs(once);
        assertThat(((ChokepointTrackerFactory) once).application()).isSameAs(application);
    }

    private double gauge(String name) {
        return registry.get(name).tag("pool", poolName).gauge().value();
    }

    /** An application's own metrics factory: counts what Hikari tells it. */
    static final class CountingFactory implements MetricsTrackerFactory {
        final AtomicInteger created = new AtomicInteger();
        final AtomicInteger acquired = new AtomicInteger();
        final AtomicInteger used = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        final AtomicInteger timeouts = new AtomicInteger();

        @Override
        public IMetricsTracker create(String poolName, PoolStats poolStats) {
            return new IMetricsTracker() {
                @Override
                public void recordConnectionCreatedMillis(long millis) {
                    created.incrementAndGet();
                }

                @Override
                public void recordConnectionAcquiredNanos(long nanos) {
                    acquired.incrementAndGet();
                }

                @Override
                public void recordConnectionUsageMillis(long millis) {
                    used.incrementAndGet();
                }

                @Override
                public void recordConnectionTimeout() {
                    timeouts.incrementAndGet();
                }

                @Override
                public void close() {
                    closed.incrementAndGet();
                }
            };
        }
    }
}
