package dev.chokepoint.agent.it;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The library probes end to end: {@link ProbedServiceApp} (embedded Tomcat with 4 workers, a
 * one-connection HikariCP pool on PostgreSQL) in its own JVM with the shaded agent, under short
 * bounded loads; the assertions read the agent's /metrics as the collector would.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LibraryProbesIT {

    private static final int MAX_URIS = 40;
    private static final int MAX_QUERIES = 40;
    private static final Pattern NUMBER_LITERAL = Pattern.compile("(?<![A-Za-z_$0-9])[0-9]+");

    private ForkedApp app;
    private URI base;

    @BeforeAll
    void startApp() {
        app = ForkedApp.of(ProbedServiceApp.class)
                .agentArgs("port=0,request.max-uris=" + MAX_URIS + ",jdbc.max-queries=" + MAX_QUERIES)
                .start();
        base = URI.create("http://127.0.0.1:" + app.awaitStdoutValue("ready") + "/");
    }

    @AfterAll
    void stopApp() {
        if (app != null) {
            app.close();
        }
    }

    @Test
    void givenSixteenClientsSleepingOnFourWorkers_thenBusyReachesMaxAndWorkIsQueued() {
        ClosedLoopLoad load = ClosedLoopLoad.start(base, 16, 64, i -> "sleep");

        // Polled while the load runs: how soon all workers are taken depends on the shared machine.
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
            Scrape scrape = app.scrape();
            assertThat(scrape.value("tomcat_threads_busy_threads").orElseThrow()).isEqualTo(ProbedServiceApp.MAX_THREADS);
            assertThat(scrape.value("chokepoint_tomcat_queue").orElseThrow()).isPositive();
        });
        assertThat(load.await()).isZero();

        Scrape scrape = app.scrape();
        assertThat(scrape.value("tomcat_threads_config_max_threads")).hasValue(ProbedServiceApp.MAX_THREADS);
        assertThat(scrape.value("tomcat_threads_busy_threads").orElseThrow())
                .isLessThanOrEqualTo(scrape.value("tomcat_threads_config_max_threads").orElseThrow());
        assertThat(scrape.has("tomcat_connections_current_connections")).isTrue();
        assertThat(scrape.has("tomcat_connections_config_max_connections")).isTrue();
        double count = scrape.sum("http_server_requests_seconds_count", "uri", "/sleep", "status", "200");
        assertThat(count).isGreaterThanOrEqualTo(64);
        // Sleeping requests: wall ≥ 200 ms each, CPU a small fraction of it.
        double cpuPerRequest = scrape.sum("chokepoint_request_cpu_seconds_sum", "uri", "/sleep")
                / scrape.sum("chokepoint_request_cpu_seconds_count", "uri", "/sleep");
        assertThat(cpuPerRequest).isLessThan(0.2 * 0.200);
        assertThat(scrape.sum("http_server_requests_seconds_bucket", "uri", "/sleep", "le", "0.3"))
                .as("SLO buckets published").isPositive();
        assertThat(app.agentProblems()).as(app.describe()).isEmpty();
    }

    @Test
    void givenEightClientsOnAOneConnectionPool_thenThreadsWaitAndRequestsShowPoolWaitAndJdbcTime() {
        ClosedLoopLoad load = ClosedLoopLoad.start(base, 8, 64, i -> "query");

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).untilAsserted(() ->
                assertThat(app.scrape().value("hikaricp_connections_pending", "pool", "probed").orElseThrow()).isPositive());
        assertThat(load.await()).isZero();

        Scrape scrape = app.scrape();
        assertThat(scrape.value("hikaricp_connections_max", "pool", "probed")).hasValue(1);
        assertThat(scrape.sum("hikaricp_connections_acquire_seconds_count", "pool", "probed")).isGreaterThanOrEqualTo(64);
        double requests = scrape.sum("chokepoint_request_jdbc_seconds_count", "uri", "/query");
        assertThat(requests).isGreaterThanOrEqualTo(64);
        // pg_sleep(0.05) per request: JDBC time per request at least most of that; pool wait > 0.
        assertThat(scrape.sum("chokepoint_request_jdbc_seconds_sum", "uri", "/query") / requests).isGreaterThan(0.04);
        assertThat(scrape.sum("chokepoint_request_pool_wait_seconds_sum", "uri", "/query") / requests).isPositive();
        List<Scrape.Sample> shapes = scrape.series("chokepoint_jdbc_query_seconds_count").stream()
                .filter(sample -> sample.labels.get("query").contains("pg_sleep")).toList();
        assertThat(shapes).hasSize(1);
        assertThat(shapes.get(0).labels).containsEntry("pool", "probed").containsEntry("type", "select")
                .containsEntry("outcome", "success");
        assertThat(shapes.get(0).labels.get("query")).isEqualTo("select pg_sleep(?), ? as n where ? <> ?");
        for (Scrape.Sample sample : scrape.series("chokepoint_jdbc_query_seconds_count")) {
            assertThat(sample.labels.get("query")).doesNotContain("'").doesNotContainPattern(NUMBER_LITERAL);
        }
    }

    @Test
    void theApplicationsOwnTrackerStillHearsEveryAcquisitionAndStatementsAreCountedOnce() {
        double shapeBefore = app.scrape().sum("chokepoint_jdbc_query_seconds_count", "query", "select pg_sleep(?), ? as n where ? <> ?");
        assertThat(ClosedLoopLoad.start(base, 2, 10, i -> "query").await()).isZero();

        Scrape scrape = app.scrape();
        long own = Long.parseLong(app.get(base.resolve("own-tracker")));
        assertThat((double) own).isEqualTo(scrape.sum("hikaricp_connections_acquire_seconds_count", "pool", "probed"));
        // Hikari's proxy over the agent's: one wrap, one record per execution.
        assertThat(scrape.sum("chokepoint_jdbc_query_seconds_count", "query", "select pg_sleep(?), ? as n where ? <> ?") - shapeBefore)
                .isEqualTo(10);
    }

    @Test
    void unpooledConnectionsAreTaggedNoneAndPooledOnesStillUnwrapToTheDriver() {
        assertThat(ClosedLoopLoad.start(base, 1, 3, i -> "unpooled").await()).isZero();
        assertThat(app.get(base.resolve("unwrap"))).isEqualTo("true");

        Scrape scrape = app.scrape();
        assertThat(scrape.sum("chokepoint_jdbc_query_seconds_count", "query", "select ?, ?", "pool", "none")).isEqualTo(3);
    }

    @Test
    void aDriverNamedOutsideTheCustomIsTimedToo() {
        // org.sqlite.JDBC: no "Driver" in its name, no pool in front of it.
        assertThat(ClosedLoopLoad.start(base, 1, 3, i -> "sqlite").await()).isZero();

        Scrape scrape = app.scrape();
        assertThat(scrape.sum("chokepoint_jdbc_query_seconds_count", "query", "select ?, ?, ?", "pool", "none")).isEqualTo(3);
        assertThat(app.agentProblems()).as(app.describe()).isEmpty();
    }

    @Test
    void aBurningRequestsCpuIsItsHandlersCpu() {
        assertThat(ClosedLoopLoad.start(base, 1, 8, i -> "burn").await()).isZero();

        Scrape scrape = app.scrape();
        double cpu = scrape.sum("chokepoint_request_cpu_seconds_sum", "uri", "/burn")
                / scrape.sum("chokepoint_request_cpu_seconds_count", "uri", "/burn");
        double wall = scrape.sum("http_server_requests_seconds_sum", "uri", "/burn")
                / scrape.sum("http_server_requests_seconds_count", "uri", "/burn");
        double handler = ProbedServiceApp.BURN_NANOS / 1e9;
        // Wide ratio: the handler's CPU plus Tomcat's own per-request work, on a shared machine.
        assertThat(cpu).isBetween(0.9 * handler, 3 * handler);
        assertThat(cpu).isLessThanOrEqualTo(wall * 1.05);
    }

    @Test
    void requestsThatOutnumberTheCoresWaitForOneAndTheWaitIsCounted() {
        Scrape before = app.scrape();
        int threads = ProbedServiceApp.MAX_THREADS;
        assertThat(ClosedLoopLoad.start(base, threads, 6 * threads, i -> "burn").await()).isZero();

        Scrape after = app.scrape();
        double coreWait = after.sum("chokepoint_request_core_wait_seconds_total") - before.sum("chokepoint_request_core_wait_seconds_total");
        double wall = after.sum("http_server_requests_seconds_sum", "uri", "/burn") - before.sum("http_server_requests_seconds_sum", "uri", "/burn");
        // n CPU-bound requests on c < n cores each run c/n of their time and queue for a core the
        // rest (a loaded host only adds to the wait); half that is the floor, the wall time the cap.
        double queued = Math.max(0, 1 - (double) Runtime.getRuntime().availableProcessors() / threads);
        assertThat(coreWait).as("core wait of %s s of request wall time", wall).isBetween(0.5 * queued * wall, wall);
    }

    @Test
    void routesAreTemplatesOrNormalizedPathsNeverRawIds() {
        assertThat(ClosedLoopLoad.start(base, 2, 20, i -> (i % 2 == 0 ? "items/" : "orders/") + (1000 + i)).await()).isZero();

        Scrape scrape = app.scrape();
        assertThat(scrape.sum("http_server_requests_seconds_count", "uri", "/items/{id}")).isEqualTo(10);
        assertThat(scrape.sum("http_server_requests_seconds_count", "uri", "/orders/{id}")).isEqualTo(10);
        for (Scrape.Sample sample : scrape.series("http_server_requests_seconds_count")) {
            assertThat(sample.labels.get("uri")).doesNotContainPattern(NUMBER_LITERAL);
        }
    }

    @Test
    void aFailingRouteKeepsItsRouteThroughTheErrorPage() {
        assertThat(ClosedLoopLoad.start(base, 1, 3, i -> "fail/" + i).await()).isEqualTo(3);

        Scrape scrape = app.scrape();
        assertThat(scrape.sum("http_server_requests_seconds_count", "uri", "/fail/{id}", "status", "503",
                "outcome", "SERVER_ERROR")).isEqualTo(3);
        assertThat(scrape.sum("http_server_requests_seconds_count", "uri", "/error")).isZero();
    }

    @Test
    void asynchronousRequestsAreRecordedWhenTheyCompleteWithTheirWholeTime() {
        double pausesBefore = app.scrape().sum("http_server_requests_seconds_count", "uri", "/pause");
        assertThat(ClosedLoopLoad.start(base, 2, 6, i -> "async/" + i).await()).isZero();
        assertThat(ClosedLoopLoad.start(base, 2, 4, i -> "async-dispatch").await()).isZero();

        Scrape scrape = app.scrape();
        double completed = scrape.sum("http_server_requests_seconds_count", "uri", "/async/{id}", "status", "202");
        assertThat(completed).isEqualTo(6);
        assertThat(scrape.sum("http_server_requests_seconds_sum", "uri", "/async/{id}") / completed).isGreaterThanOrEqualTo(0.1);
        double dispatched = scrape.sum("http_server_requests_seconds_count", "uri", "/async-dispatch", "status", "200");
        assertThat(dispatched).isEqualTo(4);
        // 100 ms until the dispatch, then the 20 ms /pause it runs
        assertThat(scrape.sum("http_server_requests_seconds_sum", "uri", "/async-dispatch") / dispatched).isGreaterThanOrEqualTo(0.12);
        assertThat(scrape.sum("http_server_requests_seconds_count", "uri", "/pause")).as("the dispatch is not a request of its own")
                .isEqualTo(pausesBefore);
    }

    @Test
    void outboundCallsAreTimedByHostAndChargedToTheRequest() {
        assertThat(ClosedLoopLoad.start(base, 1, 10, i -> "remote").await()).isZero();

        Scrape scrape = app.scrape();
        String host = "127.0.0.1:" + base.getPort();
        assertThat(scrape.sum("chokepoint_http_client_requests_seconds_count", "host", host, "outcome", "SUCCESS"))
                .isEqualTo(10);
        double remotePerRequest = scrape.sum("chokepoint_request_remote_seconds_sum", "uri", "/remote")
                / scrape.sum("chokepoint_request_remote_seconds_count", "uri", "/remote");
        assertThat(remotePerRequest).isGreaterThanOrEqualTo(0.020);
    }

    @Test
    @Order(Integer.MAX_VALUE) // last: it fills the uri and query caps the other tests' routes need
    void tenThousandDistinctUrlsAndStatementsKeepSeriesAndHeapBounded() {
        int warmUp = 2_000;
        int total = 10_000;
        assertThat(ClosedLoopLoad.start(base, 4, warmUp, i -> "distinct/w" + i).await()).isZero();
        long heapAfterWarmUp = Long.parseLong(app.get(base.resolve("heap")));
        int scrapeSizeAfterWarmUp = app.scrapeText().length();

        assertThat(ClosedLoopLoad.start(base, 4, total - warmUp, i -> "distinct/w" + (warmUp + i)).await()).isZero();
        long heapAfterAll = Long.parseLong(app.get(base.resolve("heap")));
        Scrape scrape = app.scrape();

        long uris = scrape.series("http_server_requests_seconds_count").stream()
                .map(sample -> sample.labels.get("uri")).distinct().count();
        long queries = scrape.series("chokepoint_jdbc_query_seconds_count").stream()
                .map(sample -> sample.labels.get("query")).distinct().count();
        assertThat(uris).isLessThanOrEqualTo(MAX_URIS + 4); // + other, NOT_FOUND, REDIRECTION, UNKNOWN
        assertThat(queries).isLessThanOrEqualTo(MAX_QUERIES + 1);
        assertThat(scrape.sum("http_server_requests_seconds_count", "uri", "other")).isPositive();
        assertThat(scrape.sum("chokepoint_jdbc_query_seconds_count", "query", "other")).isPositive();
        // Four times the distinct texts, the same scrape and no proportional heap growth.
        assertThat(app.scrapeText().length()).isLessThan(scrapeSizeAfterWarmUp + 20_000);
        assertThat(heapAfterAll - heapAfterWarmUp).as("heap growth after GC, bytes").isLessThan(8L << 20);
    }
}
