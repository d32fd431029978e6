package dev.chokepoint.agent.request;

import dev.chokepoint.agent.probe.FixedProbeContext;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Guards the claim that a request costs no allocation beyond the timer records: after warm-up,
 * the helpers the advice calls (start, pool/JDBC time, route, end with all five timers) are run
 * many times on one route and the thread's allocated bytes are read before and after.
 */
class RequestHotPathAllocationTest {

    private static final int REQUESTS = 20_000;

    @Test
    void aRequestOnAKnownRouteAllocatesAlmostNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
                "this JVM does not count allocated bytes per thread");
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        RequestMetrics metrics = new RequestMetrics(100);
        metrics.bindTo(registry);
        ServerRequests.install(metrics, new FixedProbeContext(registry, Map.of()));
        String method = new String("GET"); // not the interned constant: as Tomcat hands it over
        String route = "/stores/{district}";
        String path = "/stores/north";
        runRequests(method, route, path, REQUESTS); // warm-up: meters registered, code compiled

        long threadId = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(threadId);
        runRequests(method, route, path, REQUESTS);
        long perRequest = (threads.getThreadAllocatedBytes(threadId) - before) / REQUESTS;

        // Not zero: the interpreter or a deoptimization may box a little; a per-request object
        // (a key, a String, a tag list) would be 24+ bytes each and show at once.
        assertThat(perRequest).as("bytes allocated per request").isLessThan(16);
        assertThat(registry.get("http.server.requests").tag("uri", route).timer().count()).isEqualTo(2L * REQUESTS);
    }

    private static void runRequests(String method, String route, String path, int count) {
        for (int i = 0; i < count; i++) {
            ServerRequests.start();
            RequestTimes.current().addPoolWait(1_000);
            RequestTimes.current().addJdbc(20_000);
            ServerRequests.routed(route);
            ServerRequests.end(method, route, path, 200, false, null);
        }
    }
}
