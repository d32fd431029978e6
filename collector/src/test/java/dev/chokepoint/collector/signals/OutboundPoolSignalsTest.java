package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.chokepoint.collector.signals.CounterAndGaugeSamplingTest.series;
import static dev.chokepoint.collector.signals.CounterAndGaugeSamplingTest.target;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The client pool that threads wait for, among HttpClient routes, HttpClient pools and commons-pool2 pools. */
class OutboundPoolSignalsTest {

    private static final int POINTS = 11;

    private static double[] constant(double v) {
        double[] a = new double[POINTS];
        java.util.Arrays.fill(a, v);
        return a;
    }

    private static SignalFrame signals(Series... s) {
        TargetSeries in = target(s);
        SignalFrame out = new SignalFrame(in.target(), in.grid());
        new OutboundPoolSignals().compute(in, null, out);
        return out;
    }

    /** An HttpClient 5 pool of 2 per route: {@code leased} in use on {@code route}, {@code pending} waiting. */
    private static Series[] route(String client, String route, double leased, double pending) {
        Map<String, String> id = Map.of("httpclient", client, "route", route);
        return new Series[] {
                series("chokepoint_httpclient_pool_route_connections", Map.of("httpclient", client, "route", route, "state", "leased"), constant(leased)),
                series("chokepoint_httpclient_pool_route_connections", Map.of("httpclient", client, "route", route, "state", "available"), constant(2 - leased)),
                series("chokepoint_httpclient_pool_route_pending", id, constant(pending)),
                series("chokepoint_httpclient_pool_route_max", id, constant(2))};
    }

    /** The same client's pool in all (HttpClient's Micrometer names): {@code leased} in use of 20, {@code pending} waiting. */
    private static Series[] allRoutes(String client, double leased, double pending) {
        Map<String, String> id = Map.of("httpclient", client);
        return new Series[] {
                series("httpcomponents_httpclient_pool_total_connections", Map.of("httpclient", client, "state", "leased"), constant(leased)),
                series("httpcomponents_httpclient_pool_total_pending", id, constant(pending)),
                series("httpcomponents_httpclient_pool_total_max", id, constant(20))};
    }

    private static Series[] objectPool(String name, double active, double waiters, double max) {
        Map<String, String> id = Map.of("name", name, "type", "GenericObjectPool",
                "factoryType", "redis.clients.jedis.ConnectionFactory<redis.clients.jedis.Connection>");
        return new Series[] {
                series("commons_pool2_num_active_objects", id, constant(active)),
                series("commons_pool2_num_waiters_threads", id, constant(waiters)),
                series("chokepoint_commons_pool2_max_objects", id, constant(max))};
    }

    private static Series[] all(Series[]... groups) {
        return java.util.Arrays.stream(groups).flatMap(java.util.Arrays::stream).toArray(Series[]::new);
    }

    @Test
    void givenOneRouteFullWithWaitersAndAnotherIdle_thenTheFullRouteIsPicked() {
        SignalFrame out = signals(all(route("com.example.Catalog.<init>", "127.0.0.1:8081", 2, 23),
                route("com.example.Catalog.<init>", "127.0.0.1:9200", 0, 0)));

        assertThat(out.text("outbound_pool", 8)).isEqualTo("HttpClient com.example.Catalog.<init> → 127.0.0.1:8081");
        assertThat(out.values("outbound_pool_leased")[8]).isEqualTo(2);
        assertThat(out.values("outbound_pool_max")[8]).isEqualTo(2);
        assertThat(out.values("outbound_pool_pending")[8]).isEqualTo(23);
        assertThat(out.values("outbound_pool_utilization")[8]).isCloseTo(1, within(1e-9));
    }

    @Test
    void givenOneRouteHoldingItsClientsWaiters_thenTheRouteIsNamedThoughTheTotalReadAFewMore() {
        String client = "com.example.SeatMaps.connect";
        SignalFrame out = signals(all(route(client, "127.0.0.1:8081", 2, 194), allRoutes(client, 2, 195)));

        assertThat(out.text("outbound_pool", 8)).isEqualTo("HttpClient " + client + " → 127.0.0.1:8081");
        assertThat(out.values("outbound_pool_pending")[8]).isEqualTo(194);
    }

    @Test
    void givenTwoRoutesSharingTheWaiters_thenTheClientsPoolInAllIsNamed() {
        String client = "com.example.SeatMaps.connect";
        SignalFrame out = signals(all(route(client, "127.0.0.1:8081", 2, 100), route(client, "127.0.0.1:8082", 2, 95),
                allRoutes(client, 4, 195)));

        assertThat(out.text("outbound_pool", 8)).isEqualTo("HttpClient " + client + " (all routes)");
        assertThat(out.values("outbound_pool_pending")[8]).isEqualTo(195);
    }

    @Test
    void givenACommonsPoolWithWaitersBesideAFullRouteWithout_thenTheOneWithWaitersIsPicked() {
        SignalFrame out = signals(all(route("com.example.Catalog.<init>", "127.0.0.1:8081", 2, 0),
                objectPool("com.example.Reports.<init>", 4, 6, 4)));

        assertThat(out.text("outbound_pool", 8)).isEqualTo("commons-pool2 com.example.Reports.<init> (redis.clients.jedis.ConnectionFactory)");
        assertThat(out.values("outbound_pool_pending")[8]).isEqualTo(6);
    }

    @Test
    void givenNoWaitersAnywhere_thenTheFullestIsShownForItsUtilization() {
        SignalFrame out = signals(all(route("a", "127.0.0.1:8081", 1, 0), objectPool("b", 1, 0, 8)));

        assertThat(out.text("outbound_pool", 8)).isEqualTo("HttpClient a → 127.0.0.1:8081");
        assertThat(out.values("outbound_pool_utilization")[8]).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void givenNoOutboundPoolMeters_thenEverySignalIsUnknown() {
        SignalFrame out = signals(series("http_server_requests_seconds_count", Map.of(), constant(0)));

        assertThat(out.text("outbound_pool", 8)).isNull();
        assertThat(out.values("outbound_pool_pending")[8]).isNaN();
    }
}
