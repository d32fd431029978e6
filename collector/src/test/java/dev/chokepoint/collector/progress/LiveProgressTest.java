package dev.chokepoint.collector.progress;

import dev.chokepoint.collector.scrape.ParsedSample;
import dev.chokepoint.collector.scrape.ScrapeOutcome;
import dev.chokepoint.collector.steps.StepSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** One line per step as it ends, from the scrape rounds as the recorder hands them over. */
class LiveProgressTest {

    private static final long T0 = 1_764_450_000_000L;

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final PrintStream stream = new PrintStream(err, true, StandardCharsets.UTF_8);

    @Test
    void withAScheduleEachStepGetsItsLineWhenItEnds() throws IOException {
        Path schedule = Files.writeString(dir.resolve("steps.csv"), "step,start_ms,end_ms,offered_rps,hey_csv\n"
                + "1," + T0 + "," + (T0 + 10_000) + ",20,\n2," + (T0 + 10_000) + "," + (T0 + 20_000) + ",60,\n");
        LiveProgress progress = LiveProgress.create(new StepSource(StepSource.Kind.SCHEDULE, schedule), stream);
        Fleet fleet = new Fleet(2);

        for (int second = 0; second <= 15; second++) {
            // the scrape at second s counts the requests of (s-1, s]
            progress.onTick(T0 + second * 1000L, fleet.scrape(second <= 10 ? 10 : 30, second <= 10 ? 37 : 0));
        }
        assertThat(lines()).hasSize(1);
        for (int second = 16; second <= 21; second++) {
            progress.onTick(T0 + second * 1000L, fleet.scrape(30, 0));
        }

        // two targets of 10 then 30 RPS each: 20 then 60 RPS; 80 % within 50 ms, 99 % within 300 ms
        assertThat(lines()).hasSize(2);
        assertThat(lines().get(0)).startsWith("chokepoint: step 1 [")
                .contains("20.0 req/s", "p95 247 ms", "cpu 40%", "workers 10/400 busy",
                        "pool 20/20 active, 74 pending");
        assertThat(lines().get(1)).startsWith("chokepoint: step 2 [")
                .contains("60.0 req/s", "pool 20/20 active, 0 pending");
    }

    @Test
    void withoutAScheduleStepsAreDetectedLive() {
        LiveProgress progress = LiveProgress.create(StepSource.detected(), stream);
        Fleet fleet = new Fleet(1);

        for (int second = 0; second < 60; second++) {
            int rps = second < 20 ? 20 : second < 40 ? 60 : 120;
            progress.onTick(T0 + second * 1000L, fleet.scrape(rps, 0));
        }

        // the third plateau is still going on: two lines
        assertThat(lines()).hasSize(2);
        assertThat(lines().get(0)).startsWith("chokepoint: step 1 [").contains("20.0 req/s");
        assertThat(lines().get(1)).startsWith("chokepoint: step 2 [").contains("60.0 req/s");
    }

    @Test
    void aPlainEndpointWithoutTheAgentsSignalsStillGetsRates() {
        LiveProgress progress = LiveProgress.create(StepSource.detected(), stream);
        double[] count = {0};
        for (int second = 0; second < 50; second++) {
            count[0] += second < 20 ? 5 : 25;
            progress.onTick(T0 + second * 1000L, List.of(ScrapeOutcome.success(List.of(
                    sample("http_server_requests_seconds_count", Map.of("uri", "/a"), count[0], true)), 5)));
        }

        assertThat(lines()).singleElement().asString().endsWith("] 5.0 req/s");
    }

    private List<String> lines() {
        return err.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private static ParsedSample sample(String name, Map<String, String> labels, double value, boolean monotonic) {
        return new ParsedSample(name, new TreeMap<>(labels), value, ParsedSample.NO_TIMESTAMP, monotonic);
    }

    /** Targets that each serve the given rate, 80 % of requests within 50 ms. */
    private static final class Fleet {
        private final double[] counts;

        Fleet(int targets) {
            counts = new double[targets];
        }

        List<ScrapeOutcome> scrape(int rpsPerTarget, int pending) {
            List<ScrapeOutcome> outcomes = new ArrayList<>();
            for (int t = 0; t < counts.length; t++) {
                counts[t] += rpsPerTarget;
                double c = counts[t];
                outcomes.add(ScrapeOutcome.success(List.of(
                        sample("http_server_requests_seconds_count", Map.of("uri", "/a"), c, true),
                        sample("http_server_requests_seconds_bucket", Map.of("uri", "/a", "le", "0.05"), c * 0.8, true),
                        sample("http_server_requests_seconds_bucket", Map.of("uri", "/a", "le", "0.3"), c * 0.99, true),
                        sample("http_server_requests_seconds_bucket", Map.of("uri", "/a", "le", "+Inf"), c, true),
                        sample("process_cpu_usage", Map.of(), 0.4, false),
                        sample("tomcat_threads_busy_threads", Map.of("name", "http"), 5, false),
                        sample("tomcat_threads_config_max_threads", Map.of("name", "http"), 200, false),
                        sample("hikaricp_connections_active", Map.of("pool", "p"), 10, false),
                        sample("hikaricp_connections_max", Map.of("pool", "p"), 10, false),
                        sample("hikaricp_connections_pending", Map.of("pool", "p"), pending, false)), 3));
            }
            return outcomes;
        }
    }
}
