package dev.chokepoint.agent.it;

import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Every counter the agent exports never goes down while threads come and go, so that the collector
 * can take a counter that fell for a restart (issue 40: on virtual threads
 * {@code chokepoint.request.core.wait} fell about once a second). Given {@link ProbedServiceApp}
 * under a mixed load whose threads churn, when {@code /metrics} is scraped over and over while the
 * load runs, then no {@code _total}, {@code _count}, {@code _sum} or {@code _bucket} series is lower
 * in a scrape than in the one before, nor NaN after a number.
 */
class MonotonicCountersIT {

    /** Between scrapes: long enough for the retiring workers to end ({@link ProbedServiceApp#RETIRING_IDLE_MILLIS}). */
    private static final Duration SCRAPE_EVERY = Duration.ofMillis(150);
    /** Scrapes taken while the load runs, at least: the comparisons the test makes. */
    private static final int MIN_SCRAPES = 20;
    /** The scrapes and the churn take 4–15 s here; the bound only stops a stuck run. */
    private static final Duration AT_MOST = Duration.ofSeconds(45);
    /** More than any run sends: the load is stopped once the scrapes saw enough. */
    private static final int UNTIL_STOPPED = 100_000;
    /** 2xx routes only: the load counts any other status as a failure. */
    private static final String[] ROUTES = {"burn", "query", "pause", "items/7", "async/7", "remote", "orders/7", "unwrap"};

    /**
     * Given Tomcat workers that retire after 50 ms idle, a paced load (three clients, four requests
     * a second each) leaves gaps in which they do, so most requests start a new worker: followed
     * threads end and new ones are followed all the time.
     */
    @Test
    void givenWorkersThatRetireWhenIdle_thenNoCounterGoesDown() {
        try (ForkedApp app = ForkedApp.of(ProbedServiceApp.class).args("retire-idle-workers").start()) {
            URI base = URI.create("http://127.0.0.1:" + app.awaitStdoutValue("ready") + "/");
            double threadsBefore = app.scrape().value("jvm_threads_started_threads_total").orElseThrow();

            Scrapes scrapes = scrapeUntil(app, ClosedLoopLoad.start(base, 3, 4, UNTIL_STOPPED, i -> ROUTES[i % ROUTES.length]),
                    // churn: workers retired and were started again, a score of times
                    last -> last.value("jvm_threads_started_threads_total").orElseThrow() - threadsBefore >= 20);

            scrapes.assertNoCounterWentDown();
            assertThat(scrapes.last().has("chokepoint_request_core_wait_seconds_total")).isTrue();
        }
    }

    /**
     * Given Tomcat on virtual threads (a new thread per request) whose scheduler runs twice as many
     * carriers as there are cores, a CPU-bound load makes the carriers wait for a core: the counter
     * that fell before issue 40's fix moves, and must only rise.
     */
    @Test
    void givenVirtualThreads_thenNoCounterGoesDownAndTheCarriersCoreWaitRises() {
        Path java25 = Java25.require();
        int carriers = 2 * Runtime.getRuntime().availableProcessors();
        try (ForkedApp app = ForkedApp.of(ProbedServiceApp.class).java(java25)
                .jvmArg("-Djdk.virtualThreadScheduler.parallelism=" + carriers).args("virtual-threads").start()) {
            URI base = URI.create("http://127.0.0.1:" + app.awaitStdoutValue("ready") + "/");

            Scrapes scrapes = scrapeUntil(app, ClosedLoopLoad.start(base, carriers, UNTIL_STOPPED,
                    i -> i % 2 == 0 ? "burn" : ROUTES[i / 2 % ROUTES.length]),
                    // carriers burning on more carriers than cores waited for one, over many requests
                    last -> last.value("chokepoint_request_core_wait_seconds_total").orElse(0) > 0
                            && last.sum("http_server_requests_seconds_count") >= 100);

            scrapes.assertNoCounterWentDown();
            assertThat(scrapes.last().sum("chokepoint_request_cpu_seconds_count")).as("no CPU read on virtual threads").isZero();
        }
    }

    /**
     * Scrapes every {@link #SCRAPE_EVERY} while {@code load} runs, until at least {@link #MIN_SCRAPES}
     * were taken and the last one shows {@code enough}; then stops the load and scrapes once more.
     */
    private static Scrapes scrapeUntil(ForkedApp app, ClosedLoopLoad load, Predicate<Scrape> enough) {
        Scrapes scrapes = new Scrapes();
        try {
            // Polls: each poll is a scrape, and what the scrapes show is the condition.
            await().atMost(AT_MOST).pollInterval(SCRAPE_EVERY).until(() -> {
                scrapes.add(app.scrape());
                return scrapes.count() >= MIN_SCRAPES && enough.test(scrapes.last());
            });
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("after " + scrapes.count() + " scrapes the load had not shown what the test needs;"
                    + " last scrape:\n" + scrapes.last().text() + "\n" + app.describe(), e);
        } finally {
            load.abort();
        }
        scrapes.add(app.scrape());
        return scrapes;
    }

    /** Consecutive scrapes, and every counter series that was lower than in the scrape before. */
    private static final class Scrapes {
        private final List<String> wentDown = new ArrayList<>();
        private Map<String, Double> previous = Map.of();
        private Scrape last;
        private int count;

        void add(Scrape scrape) {
            Map<String, Double> counters = counters(scrape);
            counters.forEach((series, value) -> {
                Double before = previous.get(series);
                if (before != null && !before.isNaN() && (value.isNaN() || value < before)) {
                    wentDown.add(series + ": " + before + " → " + value + " (scrape " + count + " → " + (count + 1) + ")");
                }
            });
            previous = counters;
            last = scrape;
            count++;
        }

        void assertNoCounterWentDown() {
            assertThat(wentDown).as("counter series lower than in the scrape before").isEmpty();
        }

        Scrape last() {
            return last;
        }

        int count() {
            return count;
        }

        /** The cumulative series: {@code name{labels}} → value. */
        private static Map<String, Double> counters(Scrape scrape) {
            Map<String, Double> counters = new HashMap<>();
            for (Scrape.Sample sample : scrape.samples()) {
                String name = sample.name;
                if (name.endsWith("_total") || name.endsWith("_count") || name.endsWith("_sum") || name.endsWith("_bucket")) {
                    counters.put(name + new TreeMap<>(sample.labels), sample.value);
                }
            }
            return counters;
        }
    }
}
