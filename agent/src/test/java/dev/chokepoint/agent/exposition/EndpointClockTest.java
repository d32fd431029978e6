package dev.chokepoint.agent.exposition;

import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class EndpointClockTest {

    @Test
    void readsTheSystemClockUntilTickedAndAfterItsTickerStopped() throws InterruptedException {
        EndpointClock clock = new EndpointClock();
        assertFollowsSystemClock(clock);

        clock.tick();
        long ticked = clock.wallTime();
        Thread.sleep(30);
        assertThat(clock.wallTime()).isEqualTo(ticked);

        clock.stopped();
        assertFollowsSystemClock(clock);
    }

    @Test
    void monotonicTimeIsTheSystems() {
        EndpointClock clock = new EndpointClock();
        long before = System.nanoTime();
        long read = clock.monotonicTime();
        assertThat(read).isBetween(before, System.nanoTime());
    }

    @Test
    void theEndpointTicksItBeforeAScrapeAndAtLeastEverySecond() throws Exception {
        EndpointClock clock = new EndpointClock();
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT, new PrometheusRegistry(), clock);
        Timer timer = Timer.builder("ticked.timer").register(registry);
        timer.record(7, TimeUnit.MILLISECONDS);
        MetricsEndpoint endpoint = MetricsEndpoint.open("127.0.0.1", 0, registry,
                new PrintStream(new ByteArrayOutputStream(), true)).orElseThrow();
        Thread serving = new Thread(endpoint::serve, "endpoint-clock-test");
        serving.start();
        try {
            long beforeScrape = System.currentTimeMillis();
            HttpResponse<String> scrape = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + endpoint.port() + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString());
            long ticked = clock.wallTime();
            assertThat(ticked).isBetween(beforeScrape, System.currentTimeMillis());
            assertThat(scrape.body()).contains("ticked_timer_seconds_max 0.007");

            // Nothing else wakes the endpoint now: its longest select (1 s) still ticks the clock.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (clock.wallTime() == ticked && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(clock.wallTime()).isGreaterThan(ticked);
        } finally {
            endpoint.close();
            serving.join(5_000);
        }
        assertThat(serving.isAlive()).isFalse();
        assertFollowsSystemClock(clock);
    }

    private static void assertFollowsSystemClock(EndpointClock clock) throws InterruptedException {
        long before = System.currentTimeMillis();
        Thread.sleep(30);
        long read = clock.wallTime();
        assertThat(read).isBetween(before + 30, System.currentTimeMillis());
    }
}
