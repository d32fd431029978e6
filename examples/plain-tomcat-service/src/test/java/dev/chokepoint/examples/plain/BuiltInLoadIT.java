package dev.chokepoint.examples.plain;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The collector's built-in engine (hey, driven by {@code chokepoint run --stairs} and
 * {@code chokepoint search}) against this service with the agent: the report's steps are the
 * schedule to the millisecond, the engine offers what was asked, a confined engine is reported
 * as {@code load-generator}, and the search bisects. The service holds its lock 10 ms per
 * request: the lock's bound is 100 RPS.
 */
class BuiltInLoadIT {

    private static final String SCHEMA = "plain_it_" + ProcessHandle.current().pid();

    private static ServiceUnderAgent service;
    private static Path work;
    private static String url;
    private static String metrics;

    @BeforeAll
    static void startTheServiceWithTheAgent() throws Exception {
        work = Files.createTempDirectory("built-in-load-it");
        service = ServiceUnderAgent.start(work, "--schema", SCHEMA, "--locked-ms", "10");
        url = service.url("/tickets?event=1");
        metrics = service.metrics();
    }

    @AfterAll
    static void stop() throws Exception {
        if (service != null) {
            service.close();
        }
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test", "postgres", "");
             Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
        }
    }

    @Test
    void stairsStepsAreTheScheduleAndTheEngineOffersWhatWasAsked() throws Exception {
        Path out = work.resolve("stairs");

        CollectorRun r = CollectorRun.of(work, Map.of(), "run", "--target", metrics, "--out", out.toString(), "--url", url,
                "--stairs", "10,30", "--step-duration", "5s");

        assertThat(r.exit()).as(r.output()).isZero();
        List<long[]> schedule = CollectorRun.schedule(out);
        JsonNode steps = CollectorRun.report(out).path("steps");
        assertThat(steps).hasSize(2);
        for (int i = 0; i < 2; i++) {
            JsonNode step = steps.get(i);
            assertThat(step.path("startMillis").asLong()).isEqualTo(schedule.get(i)[0]);
            assertThat(step.path("endMillis").asLong()).isEqualTo(schedule.get(i)[1]);
            assertThat(step.path("endMillis").asLong() - step.path("startMillis").asLong()).isEqualTo(5_000);
            assertThat(step.path("traffic").path("source").asText()).isEqualTo("client");
            assertThat(step.path("firstSaturated").path("resource").asText()).isNotEqualTo("load-generator");
        }
        assertThat(schedule.get(1)[0]).as("back to back").isEqualTo(schedule.get(0)[1]);
        assertThat(steps.get(0).path("offeredRps").asDouble()).isEqualTo(10);
        assertThat(steps.get(1).path("offeredRps").asDouble()).isEqualTo(30);
        // hey's worker ticks are counted exactly: 10 × 5 and 30 × 5 requests (a few may time out
        // on a loaded machine, none may be added)
        assertThat(steps.get(0).path("traffic").path("requests").asDouble()).isBetween(48.0, 50.0);
        assertThat(steps.get(1).path("traffic").path("requests").asDouble()).isBetween(145.0, 150.0);
    }

    @Test
    void anEngineConfinedToAShareOfACoreIsTheLoadGenerator() throws Exception {
        Path cgroup = cpuCgroup();
        assumeTrue(cgroup != null, "needs root and a cgroup cpu controller (as the cpu-quota scenario does)");
        try {
            // hey, as the engine finds it on PATH, joins a cgroup of 5 % of one core, then runs.
            Path bin = Files.createDirectories(work.resolve("confined-bin"));
            Path hey = bin.resolve("hey");
            Files.writeString(hey, "#!/bin/sh\necho $$ > " + cgroup.resolve("cgroup.procs") + " && exec "
                    + realHey() + " \"$@\"\n");
            hey.toFile().setExecutable(true);
            Path out = work.resolve("confined");

            CollectorRun r = CollectorRun.of(work, Map.of("PATH", bin + ":" + System.getenv("PATH")), "run", "--target", metrics,
                    "--out", out.toString(), "--url", url, "--stairs", "5,800", "--step-duration", "5s");

            assertThat(r.exit()).as(r.output()).isZero();
            JsonNode report = CollectorRun.report(out);
            JsonNode top = report.path("steps").get(1);
            assertThat(top.path("firstSaturated").path("resource").asText()).as(report.path("headline") + "\n" + top)
                    .isEqualTo("load-generator");
            assertThat(top.path("traffic").path("achievedRps").asDouble()).isLessThan(0.9 * 800);
            assertThat(report.path("headline").asText()).contains("the load generator could not offer the asked rate");
        } finally {
            Files.delete(cgroup); // its processes ended with the collector; an empty cgroup can be removed
        }
    }

    @Test
    void searchDoublesWhileProbesPassThenBisects() throws Exception {
        Path out = work.resolve("search");

        CollectorRun r = CollectorRun.of(work, Map.of(), "search", "--target", metrics, "--out", out.toString(), "--url", url,
                "--slo", "p95<=200ms", "--start-rate", "25", "--probe-duration", "10s", "--max-time", "55s", "--warm-up", "5s",
                "--fail-below", "1000");

        // --fail-below 1000: ten times the lock's bound, so no probe can reach it and the exit is 1
        assertThat(r.exit()).as(r.output()).isEqualTo(1);
        assertThat(r.output()).contains("--fail-below 1000: ");
        List<long[]> schedule = CollectorRun.schedule(out);
        JsonNode report = CollectorRun.report(out);
        JsonNode steps = report.path("steps");
        assertThat(steps.size()).as(r.output()).isEqualTo(schedule.size()).isGreaterThanOrEqualTo(3);
        List<Double> rates = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            assertThat(steps.get(i).path("startMillis").asLong()).isEqualTo(schedule.get(i)[0]);
            assertThat(steps.get(i).path("endMillis").asLong() - steps.get(i).path("startMillis").asLong()).isEqualTo(10_000);
            rates.add(steps.get(i).path("offeredRps").asDouble());
        }
        assertThat(rates.get(0)).isEqualTo(25);
        double good = Double.NaN;
        double bad = Double.NaN;
        for (int i = 0; i < rates.size(); i++) {
            if (i > 0) {
                double expected = Double.isNaN(bad) ? good * 2 : Double.isNaN(good) ? bad / 2 : (good + bad) / 2;
                assertThat(rates.get(i)).as("probe %d after good %s, bad %s", i + 1, good, bad).isEqualTo(expected);
            }
            JsonNode s = steps.get(i);
            boolean passed = s.path("slo").path("met").asBoolean(false) && !s.path("limit").path("limited").asBoolean()
                    && s.path("firstSaturated").path("resource").asText().equals("none");
            if (passed) {
                good = Double.isNaN(good) ? rates.get(i) : Math.max(good, rates.get(i));
            } else {
                bad = Double.isNaN(bad) ? rates.get(i) : Math.min(bad, rates.get(i));
            }
        }
        assertThat(report.path("headline").asText()).as(r.output()).containsPattern("^(Capacity|SLO)");
        if (!Double.isNaN(bad)) {
            assertThat(report.path("headline").asText()).contains("beyond it, ");
        }
    }

    /**
     * A new cgroup with 5 % of one core, or null when none can be made here. The lock's bound here
     * is 100 RPS; hey so confined sent 0 to 46 of 800 RPS asked on this kind of machine (and
     * nothing at all at 2 %, where its Go runtime hardly starts), so the service stays below its
     * bound and the engine is the limit, even where the engine's bursts make the service's tail
     * grow (EngineShortfall keeps the verdict with the engine then).
     */
    private static Path cpuCgroup() throws IOException {
        String name = "chokepoint-it-engine-" + ProcessHandle.current().pid();
        Path v2 = Path.of("/sys/fs/cgroup/cgroup.controllers");
        Path v1 = Path.of("/sys/fs/cgroup/cpu");
        try {
            if (Files.isRegularFile(v2)) {
                Path dir = Files.createDirectory(Path.of("/sys/fs/cgroup", name));
                Files.writeString(dir.resolve("cpu.max"), "5000 100000");
                return dir;
            }
            if (Files.isDirectory(v1)) {
                Path dir = Files.createDirectory(v1.resolve(name));
                Files.writeString(dir.resolve("cpu.cfs_period_us"), "100000");
                Files.writeString(dir.resolve("cpu.cfs_quota_us"), "5000");
                return dir;
            }
        } catch (IOException notRootOrNoController) {
            return null;
        }
        return null;
    }

    private static String realHey() {
        for (String dir : System.getenv("PATH").split(":")) {
            if (Files.isExecutable(Path.of(dir, "hey"))) {
                return Path.of(dir, "hey").toString();
            }
        }
        throw new AssertionError("hey is not installed: run examples/setup/install-tools.sh");
    }
}
