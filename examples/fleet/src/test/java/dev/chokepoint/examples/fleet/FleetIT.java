package dev.chokepoint.examples.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * The fleet example end to end, as a user runs it: examples/fleet/run-fleet.sh starts three
 * market-service instances with the agent, nginx and Prometheus from their Debian packages, runs
 * CI-sized stairs through nginx under {@code chokepoint run --prometheus}, and stops it all. The
 * report must name the shared database connection budget in one scenario and the hot instance in
 * the other.
 */
class FleetIT {

    private static final Path SCRIPT = Path.of(System.getProperty("fleet.script", "run-fleet.sh"));
    private static final Path RUNS = Path.of(System.getProperty("fleet.runs", "target/fleet-runs"));
    /** Start-up of three JVMs, warm-up and three 12 s steps; generous for a loaded CI machine. */
    private static final long SCENARIO_TIMEOUT_SECONDS = 480;

    @BeforeAll
    static void toolsAreInstalled() {
        for (String tool : List.of("prometheus", "nginx", "hey")) {
            boolean found = List.of(System.getenv("PATH").split(File.pathSeparator)).stream()
                    .anyMatch(dir -> Files.isExecutable(Path.of(dir, tool)))
                    || Files.isExecutable(Path.of("/usr/sbin", tool));
            if (!found) {
                fail(tool + " is not installed: run examples/setup/install-tools.sh (as root) to install the "
                        + "Debian packages prometheus, nginx and hey, which CI installs before mvn verify");
            }
        }
    }

    @Test
    void shared_db_names_the_database_connection_budget_shared_by_every_instance() throws Exception {
        Path out = run("shared-db");
        JsonNode report = report(out);

        JsonNode last = lastStep(report.path("fleet").path("steps"));
        assertThat(last.path("resource").asText()).as(why(report)).isEqualTo("connection-pool");
        assertThat(last.path("scope").asText()).isEqualTo("shared");
        assertThat(last.path("limit").asText()).isEqualTo("database-connection-budget");
        assertThat(last.path("evidence").path("poolMaxSum").asDouble()).isEqualTo(30.0);
        assertThat(last.path("evidence").path("poolOpenSum").asDouble()).isLessThanOrEqualTo(12.0);
        assertThat(lastStep(report.path("steps")).path("firstSaturated").path("resource").asText())
                .isEqualTo("connection-pool");
        assertThat(firstStep(report.path("fleet").path("steps")).path("resource").asText()).isEqualTo("none");
    }

    @Test
    void hot_instance_names_the_instance_nginx_overloads_and_calls_it_uneven_balancing() throws Exception {
        Path out = run("hot-instance");
        JsonNode report = report(out);
        String hot = agentAddress(out.resolve("service-1.log")); // weight 6 of 8 in nginx.conf

        JsonNode last = lastStep(report.path("fleet").path("steps"));
        assertThat(last.path("resource").asText()).as(why(report)).isEqualTo("tomcat-workers");
        assertThat(last.path("scope").asText()).isEqualTo("local");
        assertThat(last.path("limit").asText()).isEqualTo("uneven-balancing");
        List<String> saturated = new ArrayList<>();
        last.path("instances").forEach(i -> {
            if (i.path("saturated").asBoolean()) {
                saturated.add(i.path("instance").asText());
            }
        });
        assertThat(saturated).containsExactly(hot);
        // Local means local in every step: the instances nginx spares never saturate. (Step 1 is
        // not asserted "none": on a loaded machine the hot instance's 4 workers may fill briefly.)
        report.path("fleet").path("steps").forEach(step -> step.path("instances").forEach(i -> {
            if (!i.path("instance").asText().equals(hot)) {
                assertThat(i.path("saturated").asBoolean()).as("%s in step %s", i.path("instance").asText(),
                        step.path("index").asText()).isFalse();
            }
        }));
    }

    private static Path run(String scenario) throws IOException, InterruptedException {
        Path out = RUNS.resolve(scenario);
        Files.createDirectories(out);
        Path log = RUNS.resolve(scenario + ".log");
        Process p = new ProcessBuilder("bash", SCRIPT.toString(), scenario, "--ci", "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(SCENARIO_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            // SIGTERM: the script's trap stops what it started and drops its database role and schema.
            p.destroy();
            p.waitFor(60, TimeUnit.SECONDS);
            fail("run-fleet.sh " + scenario + " did not finish within " + SCENARIO_TIMEOUT_SECONDS + " s; see " + log);
        }
        assertThat(p.exitValue()).as("run-fleet.sh %s exit status; output in %s:%n%s", scenario, log,
                tail(log)).isZero();
        return out;
    }

    private static JsonNode report(Path out) throws IOException {
        return new ObjectMapper().readTree(out.resolve("report.json").toFile());
    }

    /**
     * A failure's context: the headline, and the gaps when Prometheus missed scrapes (a report
     * made partial by a machine too loaded to scrape is reported as such, not hidden).
     */
    private static String why(JsonNode report) {
        return report.path("headline").asText() + (report.path("partial").asBoolean()
                ? "; partial data: " + report.path("gaps") : "");
    }

    private static JsonNode lastStep(JsonNode steps) {
        assertThat(steps.size()).as("steps in the report").isGreaterThanOrEqualTo(3);
        return steps.get(steps.size() - 1);
    }

    private static JsonNode firstStep(JsonNode steps) {
        return steps.get(0);
    }

    private static String agentAddress(Path serviceLog) throws IOException {
        Matcher m = Pattern.compile("chokepoint: metrics at http://([^/ ]+)/metrics").matcher(Files.readString(serviceLog));
        assertThat(m.find()).as("agent endpoint line in %s", serviceLog).isTrue();
        return m.group(1);
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    }
}
