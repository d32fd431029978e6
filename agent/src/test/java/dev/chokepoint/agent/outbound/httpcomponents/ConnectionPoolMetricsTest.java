package dev.chokepoint.agent.outbound.httpcomponents;

import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.hc.client5.http.HttpRoute;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The binder alone on the real connection managers of HttpClient 5 (classic and async) and 4,
 * read through {@link ReflectiveConnectionPool}: connections are leased without being connected
 * (a lease takes a pool entry; connecting is a later step), so no server is needed.
 */
class ConnectionPoolMetricsTest {

    private static final int PER_ROUTE = 2;
    private static final int TOTAL = 40;
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final MockClock clock = new MockClock();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry(SimpleConfig.DEFAULT, clock);
    private final ExecutorService waiters = Executors.newCachedThreadPool();
    private Manager manager;

    /** One of the three managers, as the test drives it. */
    enum Kind {
        CLASSIC_5, ASYNC_5, CLASSIC_4
    }

    @AfterEach
    void close() throws Exception {
        if (manager != null) {
            manager.close();
        }
        waiters.shutdownNow();
        assertThat(waiters.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void givenTwoPerRouteLeasedAndAThirdRequestWaiting_thenTheRouteReadsLeasedEqualsMaxWithOnePending(Kind kind)
            throws Exception {
        manager = Manager.of(kind);
        bind("search-client");

        manager.lease(9200);
        manager.lease(9200);
        waiters.submit(() -> {
            manager.lease(9200); // blocks: the route is full (until the manager closes)
            return null;
        });

        // Polled: the waiting lease joins the pool's queue on another thread.
        await().atMost(WAIT).untilAsserted(() -> assertThat(read("httpcomponents.httpclient.pool.total.pending")).isEqualTo(1));
        assertThat(read("httpcomponents.httpclient.pool.total.connections", "state", "leased")).isEqualTo(2);
        assertThat(read("httpcomponents.httpclient.pool.total.connections", "state", "available")).isZero();
        assertThat(read("httpcomponents.httpclient.pool.total.max")).isEqualTo(TOTAL);
        assertThat(read("httpcomponents.httpclient.pool.route.max.default")).isEqualTo(PER_ROUTE);
        String route = "127.0.0.1:9200";
        assertThat(read("chokepoint.httpclient.pool.route.connections", "route", route, "state", "leased")).isEqualTo(PER_ROUTE);
        assertThat(read("chokepoint.httpclient.pool.route.max", "route", route)).isEqualTo(PER_ROUTE);
        assertThat(read("chokepoint.httpclient.pool.route.pending", "route", route)).isEqualTo(1);
        assertThat(read("chokepoint.httpclient.pool.route.connections", "route", route, "state", "available")).isZero();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void givenMoreRoutesThanTheBound_thenTheFirstKeepTheirTagAndTheRestAreSummedUnderOther(Kind kind) throws Exception {
        manager = Manager.of(kind);
        bind("fan-out");
        int routes = ConnectionPoolMetrics.MAX_ROUTES + 4;

        for (int i = 0; i < routes; i++) {
            manager.lease(9000 + i);
        }

        assertThat(read("httpcomponents.httpclient.pool.total.connections", "state", "leased")).isEqualTo(routes);
        List<String> tags = registry.find("chokepoint.httpclient.pool.route.max").gauges().stream()
                .map(gauge -> gauge.getId().getTag("route")).toList();
        assertThat(tags).hasSize(ConnectionPoolMetrics.MAX_ROUTES + 1).contains("other");
        assertThat(read("chokepoint.httpclient.pool.route.connections", "route", "other", "state", "leased")).isEqualTo(4);
        assertThat(read("chokepoint.httpclient.pool.route.max", "route", "other")).isEqualTo(4 * PER_ROUTE);
        double leased = registry.find("chokepoint.httpclient.pool.route.connections").tag("state", "leased").gauges()
                .stream().mapToDouble(gauge -> gauge.value()).sum();
        assertThat(leased).as("routes add up to the total").isEqualTo(routes);
    }

    @Test
    void givenTheApplicationDroppedItsClient_thenTheGaugesReadNaNAndDoNotKeepItAlive() {
        bindDropped();

        // Polled: a collection clears the weak reference when the JVM decides.
        await().atMost(WAIT).pollInterval(Duration.ofMillis(50)).until(() -> {
            System.gc();
            return Double.isNaN(read("httpcomponents.httpclient.pool.total.max"));
        });
        assertThat(read("httpcomponents.httpclient.pool.total.pending")).isNaN();
    }

    @Test
    void givenTheBinderUnbound_thenItsSeriesAreGone() throws Exception {
        manager = Manager.of(Kind.CLASSIC_5);
        ConnectionPoolMetrics metrics = bind("gone");
        manager.lease(9200);
        read("httpcomponents.httpclient.pool.total.max"); // registers the route's gauges

        metrics.unbind();

        assertThat(registry.getMeters()).isEmpty();
    }

    @Test
    void aReadingIsKeptForOneScrapeSoThatAPoolsGaugesAgree() throws Exception {
        manager = Manager.of(Kind.CLASSIC_5);
        bind("steady");
        assertThat(registry.get("httpcomponents.httpclient.pool.total.connections").tag("state", "leased").gauge().value()).isZero();

        manager.lease(9200);

        assertThat(registry.get("httpcomponents.httpclient.pool.total.connections").tag("state", "leased").gauge().value())
                .as("same scrape").isZero();
        assertThat(read("httpcomponents.httpclient.pool.total.connections", "state", "leased")).as("next scrape").isEqualTo(1);
    }

    private ConnectionPoolMetrics bind(String name) throws ReflectiveOperationException {
        ConnectionPoolMetrics metrics = new ConnectionPoolMetrics(name, ReflectiveConnectionPool.of(manager.pool(), manager.library()));
        metrics.bindTo(registry);
        return metrics;
    }

    private void bindDropped() {
        try {
            Manager dropped = Manager.of(Kind.CLASSIC_5);
            new ConnectionPoolMetrics("dropped", ReflectiveConnectionPool.of(dropped.pool(), dropped.library())).bindTo(registry);
            dropped.close();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /**
     * A gauge's value at a new scrape (the clock moved past the binder's reading); the pool's
     * route gauges are registered by the first read that finds the route.
     */
    private double read(String name, String... tags) {
        clock.add(Duration.ofMillis(ConnectionPoolMetrics.FRESH_MILLIS));
        registry.get("httpcomponents.httpclient.pool.total.max").gauge().value();
        return registry.get(name).tags(Tags.of(tags)).gauge().value();
    }

    /** A connection manager under test: leases (not connected) to 127.0.0.1 on a port. */
    private interface Manager extends AutoCloseable {

        Object pool();

        Class<?> library();

        /** Leases one connection of the route to {@code port}, waiting while the route is full. */
        void lease(int port) throws Exception;

        static Manager of(Kind kind) {
            return switch (kind) {
                case CLASSIC_5 -> new Classic5();
                case ASYNC_5 -> new Async5();
                case CLASSIC_4 -> new Classic4();
            };
        }
    }

    private static final class Classic5 implements Manager {
        private final PoolingHttpClientConnectionManager pool = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnPerRoute(PER_ROUTE).setMaxConnTotal(TOTAL).build();

        @Override
        public Object pool() {
            return pool;
        }

        @Override
        public Class<?> library() {
            return PoolingHttpClientConnectionManager.class;
        }

        @Override
        public void lease(int port) throws Exception {
            pool.lease("test", route5(port), Timeout.ofSeconds(60), null).get(Timeout.ofSeconds(60));
        }

        @Override
        public void close() {
            pool.close(CloseMode.IMMEDIATE);
        }
    }

    private static final class Async5 implements Manager {
        private final PoolingAsyncClientConnectionManager pool = PoolingAsyncClientConnectionManagerBuilder.create()
                .setMaxConnPerRoute(PER_ROUTE).setMaxConnTotal(TOTAL).build();

        @Override
        public Object pool() {
            return pool;
        }

        @Override
        public Class<?> library() {
            return PoolingAsyncClientConnectionManager.class;
        }

        @Override
        public void lease(int port) throws Exception {
            pool.lease("test", route5(port), null, Timeout.ofSeconds(60), null).get(60, TimeUnit.SECONDS);
        }

        @Override
        public void close() {
            pool.close(CloseMode.IMMEDIATE);
        }
    }

    private static final class Classic4 implements Manager {
        private final org.apache.http.impl.conn.PoolingHttpClientConnectionManager pool =
                new org.apache.http.impl.conn.PoolingHttpClientConnectionManager();
        private final List<Object> leased = new ArrayList<>();

        Classic4() {
            pool.setDefaultMaxPerRoute(PER_ROUTE);
            pool.setMaxTotal(TOTAL);
        }

        @Override
        public Object pool() {
            return pool;
        }

        @Override
        public Class<?> library() {
            return org.apache.http.impl.conn.PoolingHttpClientConnectionManager.class;
        }

        @Override
        public void lease(int port) throws Exception {
            org.apache.http.conn.routing.HttpRoute route =
                    new org.apache.http.conn.routing.HttpRoute(new org.apache.http.HttpHost("127.0.0.1", port, "http"));
            leased.add(pool.requestConnection(route, null).get(60, TimeUnit.SECONDS));
        }

        @Override
        public void close() {
            pool.shutdown();
        }
    }

    private static HttpRoute route5(int port) {
        return new HttpRoute(new HttpHost("http", "127.0.0.1", port));
    }
}
