package dev.chokepoint.agent.it;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tomcat on virtual threads (Java 25): a virtual thread's CPU time cannot be read, so the agent
 * says so once and leaves {@code chokepoint.request.cpu} out instead of reporting a wrong number;
 * there is no worker pool, so the worker gauges read NaN rather than Tomcat's -1.
 */
class VirtualThreadsIT {

    @Test
    void onVirtualThreadsRequestsAreRecordedWithoutCpuAndTheAgentSaysWhyOnce() {
        Path java25 = Java25.require();
        try (ForkedApp app = ForkedApp.of(ProbedServiceApp.class).java(java25).args("virtual-threads").start()) {
            URI base = URI.create("http://127.0.0.1:" + app.awaitStdoutValue("ready") + "/");

            assertThat(ClosedLoopLoad.start(base, 2, 6, i -> "burn").await()).isZero();
            assertThat(ClosedLoopLoad.start(base, 2, 4, i -> "query").await()).isZero();

            Scrape scrape = app.scrape();
            assertThat(scrape.sum("http_server_requests_seconds_count", "uri", "/burn")).isEqualTo(6);
            assertThat(scrape.sum("chokepoint_request_jdbc_seconds_count", "uri", "/query")).isEqualTo(4);
            assertThat(scrape.sum("chokepoint_request_cpu_seconds_count", "uri", "/burn")).isZero();
            assertThat(app.agentProblems()).as(app.describe())
                    .filteredOn(line -> line.contains("request CPU time cannot be read")).singleElement().asString()
                    .contains("on virtual threads", "chokepoint.request.cpu leaves requests on virtual threads out");
            assertThat(scrape.value("tomcat_threads_busy_threads").orElse(Double.NaN)).isNaN();
        }
    }
}
