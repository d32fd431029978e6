package dev.chokepoint.agent.it;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Waits of requests on virtual threads (Java 25), which JFR does not record: Tomcat on virtual
 * threads, twelve clients on {@link WaitServiceApp}'s {@code /bulkhead} (a {@code Semaphore} of four
 * permits, each held 20 ms), so most requests queue on the semaphore. The wait sampler names that
 * wait by its blocker and site, and adds it to the request split's park. A request pinned to its
 * carrier ({@code /pinned}) is named by JFR's pinned event.
 */
class VirtualThreadWaitsIT {

    private static final String APP = "dev.chokepoint.agent.it.WaitServiceApp";
    private static final String SAMPLED = "chokepoint_wait_sampled_seconds_total";
    private static final String[] AT_THE_BULKHEAD = {
        "blocker", "java.util.concurrent.Semaphore", "frame", APP + ".bulkhead", "site", APP + ".bulkhead",
    };

    @Test
    void givenRequestsOnVirtualThreadsQueuedOnASemaphore_thenTheSampledWaitNamesItAndGrowsAndTheSplitHasThePark() {
        Path java25 = Java25.require();
        try (ForkedApp app = ForkedApp.of(WaitServiceApp.class).java(java25).args("virtual-threads").start()) {
            URI base = URI.create("http://127.0.0.1:" + app.awaitStdoutValue("ready") + "/");
            // More clients than permits: up to eight requests queue on the semaphore at any time.
            ClosedLoopLoad load = ClosedLoopLoad.start(base, 12, 1_000_000, i -> "bulkhead");
            try {
                // Polled: the first requests start the sampler, whose looks come 20 ms apart.
                double first = awaitAbove(app, 0, AT_THE_BULKHEAD);
                awaitAbove(app, first, AT_THE_BULKHEAD);
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).untilAsserted(() ->
                        assertThat(app.scrape().sum("chokepoint_request_wait_seconds_total", "kind", "park"))
                                .as(app.describe()).isPositive());
                // The permits' holders sleep: named, but not a park of the split.
                assertThat(app.scrape().sum(SAMPLED, "blocker", "sleep", "site", APP + ".bulkhead")).isPositive();
            } finally {
                load.abort();
            }
            assertThat(app.threadNames()).contains("chokepoint-wait-sampler");

            // A park in a class initializer pins the virtual thread: JFR names it (once it records).
            await().atMost(ForkedApp.DEFAULT_WAIT).until(() -> app.scrape().value("chokepoint_wait_recording").orElse(0) == 1.0);
            assertThat(ClosedLoopLoad.start(base, 2, 10, i -> "pinned").await()).isZero();
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250)).untilAsserted(() ->
                    assertThat(app.scrape().sum("chokepoint_wait_pinned_seconds_count", "site", APP + "$SlowInit.<clinit>"))
                            .as(app.describe()).isPositive());
            assertThat(app.agentProblems()).as(app.describe())
                    .filteredOn(line -> !line.contains("request CPU time cannot be read")).isEmpty();
        }
    }

    /** The sampled seconds at the bulkhead once they pass {@code floor}; polled, the scrape lags the looks. */
    private static double awaitAbove(ForkedApp app, double floor, String... labels) {
        double[] seen = new double[1];
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
            String text = app.scrapeText();
            seen[0] = Scrape.parse(text).sum(SAMPLED, labels);
            assertThat(seen[0]).as("sampled waits:%n%s", text.lines().filter(line -> line.startsWith(SAMPLED))
                    .reduce("", (a, b) -> a + b + "\n")).isGreaterThan(floor);
        });
        return seen[0];
    }
}
