package dev.chokepoint.agent.it;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The outbound pool probes end to end: {@link OutboundPoolsApp} in its own JVM with the shaded
 * agent; six callers on an HttpClient 5 pool of two per route to a server that holds its answers,
 * six borrowers on a commons-pool2 pool of two. The agent's /metrics names the saturated route.
 */
class OutboundPoolsIT {

    private static final String CLIENT = "dev.chokepoint.agent.it.OutboundPoolsApp$SearchClient.<init>";
    private static final String POOL = "dev.chokepoint.agent.it.OutboundPoolsApp$SessionPool.<init>";

    @Test
    void givenSixCallersOnTwoConnectionsPerRouteAndSixBorrowersOnAPoolOfTwo_thenBothShowFullWithWaiters() {
        try (ForkedApp app = ForkedApp.of(OutboundPoolsApp.class).start()) {
            String route = "127.0.0.1:" + app.awaitStdoutValue("ready");

            app.send("s\n");

            // Polled: the callers and borrowers reach the pools on their own threads, and a route's
            // series appear from the scrape after the one that first finds the route.
            await().atMost(ForkedApp.DEFAULT_WAIT).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
                Scrape scrape = app.scrape();
                assertThat(scrape.value("chokepoint_httpclient_pool_route_connections",
                        "httpclient", CLIENT, "route", route, "state", "leased")).hasValue(OutboundPoolsApp.PER_ROUTE);
                assertThat(scrape.value("chokepoint_httpclient_pool_route_max", "httpclient", CLIENT, "route", route))
                        .hasValue(OutboundPoolsApp.PER_ROUTE);
                assertThat(scrape.value("chokepoint_httpclient_pool_route_pending", "httpclient", CLIENT, "route", route)
                        .orElseThrow()).isPositive();
                assertThat(scrape.value("commons_pool2_num_active_objects", "name", POOL, "type", "GenericObjectPool"))
                        .hasValue(OutboundPoolsApp.POOL_MAX);
                assertThat(scrape.value("commons_pool2_num_waiters_threads", "name", POOL).orElseThrow()).isPositive();
            });
            Scrape full = app.scrape();
            assertThat(full.value("httpcomponents_httpclient_pool_total_connections", "httpclient", CLIENT, "state", "leased"))
                    .hasValue(OutboundPoolsApp.PER_ROUTE);
            assertThat(full.value("httpcomponents_httpclient_pool_total_pending", "httpclient", CLIENT).orElseThrow())
                    .isPositive();
            assertThat(full.value("httpcomponents_httpclient_pool_route_max_default", "httpclient", CLIENT))
                    .hasValue(OutboundPoolsApp.PER_ROUTE);
            assertThat(full.value("chokepoint_commons_pool2_max_objects", "name", POOL)).hasValue(OutboundPoolsApp.POOL_MAX);

            app.send("r\n");
            app.awaitStdout("done " + OutboundPoolsApp.CALLERS + " " + OutboundPoolsApp.CALLERS);
            await().atMost(ForkedApp.DEFAULT_WAIT).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
                Scrape after = app.scrape();
                assertThat(after.value("chokepoint_httpclient_pool_route_pending", "httpclient", CLIENT, "route", route))
                        .hasValue(0);
                assertThat(after.value("commons_pool2_num_waiters_threads", "name", POOL)).hasValue(0);
                assertThat(after.value("commons_pool2_num_active_objects", "name", POOL)).hasValue(0);
            });
            assertThat(app.scrape().value("commons_pool2_max_borrow_wait_seconds", "name", POOL).orElseThrow())
                    .as("the waiters' borrow").isPositive();
            assertThat(app.agentProblems()).as(app.describe()).isEmpty();
        }
    }
}
