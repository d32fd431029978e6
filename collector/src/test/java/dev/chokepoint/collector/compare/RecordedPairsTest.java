package dev.chokepoint.collector.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.chokepoint.collector.Main;
import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.analysis.RecordedRun;
import dev.chokepoint.collector.cli.CapturedConsole;
import dev.chokepoint.collector.cli.Console;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * chokepoint compare on pairs of real runs recorded on this machine (collector/src/test/resources/
 * recorded, NOTES.md in each): the pool scenario before and after its pool was raised from 10 to
 * 40 connections, every pairing of the runs recorded with one configuration (the pool scenario three
 * times, on a full host and on one with cycles to spare, the cpu scenario twice), and the cpu scenario
 * against a 1.5× heavier map layer. Each run is analysed as chokepoint analyze would, then compared through the CLI.
 */
class RecordedPairsTest {

    @TempDir
    Path dir;

    private final CapturedConsole captured = new CapturedConsole();
    private final Console console = captured.console();

    @Test
    void a_larger_pool_moves_the_bottleneck_and_the_base_runs_prediction_is_checked() throws Exception {
        // given the pool scenario at 10 connections, then at 40 (recorded back to back at load 20-34)
        Path base = analysed("pool-10-ci");
        Path fixed = analysed("pool-40-ci");

        // when
        int code = Main.execute(console, "compare", base.toString(), fixed.toString(), "--out", dir.resolve("cmp").toString(),
                "--fail-on-regression");

        // then the pool stops being the limit; on that host the next one was no rule's (JDBC time grew)
        JsonNode c = json("cmp/compare.json");
        assertThat(code).as(captured.err()).isZero();
        assertThat(c.at("/base/bottleneck").asText()).isEqualTo("connection-pool");
        assertThat(c.at("/now/bottleneck").asText()).isNotEqualTo("connection-pool").isNotEqualTo("none");
        assertThat(c.get("headline").asText()).contains("the bottleneck moved from the connection pool to");
        // the pool's demand per request/s fell 4x with 4x the connections, so its bound rose
        assertThat(c.at("/resources/0/resource").asText()).isEqualTo("connection-pool");
        assertThat(c.at("/resources/0/nowBoundRps").asDouble()).isGreaterThan(3 * c.at("/resources/0/baseBoundRps").asDouble());
        // the base run named what limits after the pool, and the comparison measured the new run's limit against it
        assertThat(c.at("/prediction/resource").asText()).isEqualTo("cpu");
        assertThat(c.at("/prediction/measuredRps").asDouble()).isPositive();
        assertThat(c.at("/prediction/outcome").asText()).startsWith("refuted: the new run fell behind")
                .contains("request time grew most in JDBC");
        assertThat(Files.readString(dir.resolve("cmp/compare.md"))).startsWith("# " + c.get("headline").asText());
    }

    @Test
    void no_pairing_of_same_configuration_runs_fails_and_every_pairing_with_the_heavier_request_does() throws Exception {
        // given the runs recorded twice or more with one configuration: the pool scenario three times (two on a full
        // host, one whose first step had the host two-thirds idle), the cpu scenario twice; and the cpu scenario with
        // 1.5x the work per request
        List<List<String>> sameConfig = List.of(List.of("pool-10-ci", "pool-10-again-ci", "pool-10-quiet-ci"),
                List.of("cpu-480-ci", "cpu-480-again-ci"));
        Map<String, Path> runs = new HashMap<>();
        for (String name : List.of("pool-10-ci", "pool-10-again-ci", "pool-10-quiet-ci", "cpu-480-ci", "cpu-480-again-ci",
                "cpu-720-ci")) {
            runs.put(name, analysed(name));
        }

        // when every ordered pairing within a configuration is compared, then none fails
        List<String> failed = new ArrayList<>();
        int pairings = 0;
        for (List<String> config : sameConfig) {
            for (String base : config) {
                for (String now : config) {
                    if (!base.equals(now)) {
                        pairings++;
                        JsonNode c = compare(runs.get(base), runs.get(now), "--fail-on-regression");
                        if (c.at("/exit").asInt() != 0) {
                            failed.add(base + " → " + now + ": " + c.get("headline").asText());
                        }
                        // and CPU per request is within the noise or not judged, never worse
                        assertThat(c.at("/gate/cpuPerRequest/verdict").asText()).as(base + " → " + now).isIn("NOISE", "NOT_JUDGED");
                    }
                }
            }
        }
        assertThat(failed).as("of %d pairings", pairings).isEmpty();
        assertThat(pairings).isEqualTo(8);

        // and each lighter run against the heavier one fails on CPU per request, beyond its noise
        for (String base : List.of("cpu-480-ci", "cpu-480-again-ci")) {
            JsonNode c = compare(runs.get(base), runs.get("cpu-720-ci"), "--fail-on-regression");
            assertThat(c.at("/exit").asInt()).as(c.get("headline").asText()).isEqualTo(1);
            assertThat(c.at("/gate/cpuPerRequest/verdict").asText()).isEqualTo("WORSE");
            assertThat(c.at("/gate/cpuPerRequest/change").asDouble()).isGreaterThan(0.4)
                    .isGreaterThan(c.at("/gate/cpuPerRequest/noise").asDouble());
            // judged at the one step both runs served free: the heavier run fell behind from step 2
            assertThat(c.at("/base/referenceSteps").toString()).isEqualTo("[1]");
            assertThat(c.at("/now/referenceSteps").toString()).isEqualTo("[1]");
        }
    }

    @Test
    void the_pool_request_s_cpu_on_a_full_host_against_a_quiet_one_is_not_judged() throws Exception {
        // given the pool scenario twice with one configuration: the first run's warm-up and first step in a lull
        // (host 34 % busy at step 1), the second on a full host; CPU per request 3.2 → 6.1 ms at steps 1-2
        Path quiet = analysed("pool-10-quiet-ci");
        Path full = analysed("pool-10-ci");

        // when
        JsonNode c = compare(quiet, full, "--fail-on-regression");

        // then the rise is shown, with why it is not judged: the request's CPU is a few % of its own time, the rest waits
        assertThat(c.at("/exit").asInt()).as(c.get("headline").asText()).isZero();
        assertThat(c.at("/gate/cpuPerRequest/change").asDouble()).isGreaterThan(0.5);
        assertThat(c.at("/gate/cpuPerRequest/verdict").asText()).isEqualTo("NOT_JUDGED");
        assertThat(c.at("/gate/cpuPerRequest/notJudged").asText()).contains("requests mostly wait");
        assertThat(c.at("/gate/notJudged").toString()).contains("host CPU saturated (").contains("CPU per request")
                .contains("the requests mostly wait");
        assertThat(c.get("headline").asText()).contains("not judged");
        assertThat(Files.readString(dir.resolve("cmp-pool-10-quiet-ci-pool-10-ci/compare.md"))).contains("**Not judged**: host CPU saturated");
        assertThat(c.at("/costs/0/part").asText()).isEqualTo("CPU");
        assertThat(c.at("/costs/0/perRequest/verdict").asText()).isEqualTo("NOT_JUDGED");
        // both runs are compared at the same steps, the two both served with nothing saturated
        assertThat(c.at("/base/referenceSteps").toString()).isEqualTo("[1,2]");
        assertThat(c.at("/now/referenceSteps").toString()).isEqualTo("[1,2]");
    }

    @Test
    void the_same_pool_configuration_on_a_saturated_host_is_not_judged_on_database_time() throws Exception {
        // given the pool scenario twice with the same configuration, six minutes apart on a host whose
        // CPU other processes kept busy (load 21 → 34): JDBC time per request 159 → 178 ms (+12 % as the mean of
        // steps 1-2, +10.0 % weighted by their requests)
        Path first = analysed("pool-10-again-ci");
        Path second = analysed("pool-10-ci");

        // when
        int code = Main.execute(console, "compare", first.toString(), second.toString(), "--out", dir.resolve("cmp").toString(),
                "--fail-on-regression");

        // then the rise is beyond the runs' own spread, but the host explains it: shown, not failed
        JsonNode c = json("cmp/compare.json");
        assertThat(code).as(c.get("headline").asText()).isZero();
        assertThat(c.at("/gate/databasePerRequest/verdict").asText()).isEqualTo("NOT_JUDGED");
        assertThat(c.at("/gate/databasePerRequest/notJudged").asText()).isEqualTo("host CPU ≥ 90 % busy in BASE and NEW");
        assertThat(c.at("/gate/databasePerRequest/change").asDouble()).isGreaterThan(c.at("/gate/databasePerRequest/noise").asDouble());
        assertThat(c.at("/gate/regressions")).isEmpty();
        // the page says the same as the gate: the JDBC cost row, the route's JDBC and the statements are not judged either
        assertThat(c.at("/costs/2/part").asText()).isEqualTo("JDBC");
        assertThat(c.at("/costs/2/perRequest/verdict").asText()).isEqualTo("NOT_JUDGED");
        String md = Files.readString(dir.resolve("cmp/compare.md"));
        assertThat(md).contains("not judged (host CPU ≥ 90 % busy in BASE and NEW)")
                .doesNotContain(", worse)").doesNotContain(", better)").doesNotContain("**worse**").doesNotContain("| better |");
        assertThat(Files.readString(dir.resolve("cmp/compare.json"))).doesNotContain("\"WORSE\"").doesNotContain("\"BETTER\"");
        assertThat(Files.readString(dir.resolve("cmp/compare.html"))).contains("not judged (host CPU").doesNotContain(", worse)")
                .doesNotContain(">worse<").doesNotContain(", better)").doesNotContain(">better<");
    }

    @Test
    void more_cpu_per_request_fails_the_comparison() throws Exception {
        // given the cpu scenario, then the same stairs with a 1.5x larger map layer to build per request
        Path base = analysed("cpu-480-again-ci");
        Path heavier = analysed("cpu-720-ci");

        // when
        int code = Main.execute(console, "compare", base.toString(), heavier.toString(), "--out", dir.resolve("cmp").toString(),
                "--fail-on-regression");

        // then
        JsonNode c = json("cmp/compare.json");
        assertThat(code).as(c.get("headline").asText()).isEqualTo(1);
        assertThat(c.at("/gate/cpuPerRequest/verdict").asText()).isEqualTo("WORSE");
        assertThat(c.at("/gate/cpuPerRequest/change").asDouble()).isGreaterThan(c.at("/gate/cpuPerRequest/noise").asDouble());
        assertThat(c.get("headline").asText()).contains("regression: CPU per request");
        // without the flag the comparison is only reported
        assertThat(Main.execute(console, "compare", base.toString(), heavier.toString(), "--out",
                dir.resolve("report-only").toString())).isZero();
        // and a threshold above the rise lets it pass
        assertThat(Main.execute(console, "compare", base.toString(), heavier.toString(), "--out",
                dir.resolve("lenient").toString(), "--fail-on-regression", "--max-cpu-rise", "5")).isZero();
    }

    @Test
    void the_request_threads_waits_are_compared_where_a_run_measured_them() throws Exception {
        // given the executor scenario recorded before the agent named request waits, then with it
        Path before = analysed("executor-ci");
        Path named = analysed("executor-waits-ci");

        // when
        JsonNode withItself = compare(named, named);
        JsonNode againstOlder = compare(before, named);
        JsonNode neither = compare(analysed("pool-10-ci"), analysed("pool-10-again-ci"));

        // then the park wait on the pool's futures (≈ 40 ms per request at the unsaturated steps) is a row
        JsonNode park = row(withItself, "park wait");
        assertThat(park.at("/perRequest/now").asDouble()).isBetween(0.030, 0.050);
        assertThat(park.at("/perRequest/verdict").asText()).isEqualTo("NOISE");
        assertThat(row(againstOlder, "park wait").at("/perRequest/verdict").asText()).as("the older run has none").isEqualTo("UNKNOWN");
        assertThat(neither.get("costs").findValuesAsText("part")).doesNotContain("lock wait", "park wait", "socket wait");
    }

    private static JsonNode row(JsonNode compare, String part) {
        for (JsonNode r : compare.get("costs")) {
            if (r.get("part").asText().equals(part)) {
                return r;
            }
        }
        throw new AssertionError("no costs row '" + part + "' in " + compare.get("costs"));
    }

    /** The recorded run analysed into its own folder, as chokepoint analyze leaves it (report.json and all). */
    private Path analysed(String name) throws Exception {
        RecordedRun run = RecordedRun.load(Path.of(getClass().getClassLoader().getResource("recorded/" + name).toURI()));
        Path target = dir.resolve(name);
        Analysis.run(run.run(), run.steps(), AnalysisOptions.defaults(), target);
        return target;
    }

    /** compare.json of BASE against NEW, with the command's exit code added as {@code exit}. */
    private JsonNode compare(Path base, Path now, String... options) throws Exception {
        Path out = dir.resolve("cmp-" + base.getFileName() + "-" + now.getFileName());
        List<String> args = new ArrayList<>(List.of("compare", base.toString(), now.toString(), "--out", out.toString()));
        args.addAll(List.of(options));
        int code = Main.execute(console, args.toArray(String[]::new));
        ObjectNode c = (ObjectNode) new ObjectMapper().readTree(out.resolve("compare.json").toFile());
        return c.put("exit", code);
    }

    private JsonNode json(String file) throws Exception {
        return new ObjectMapper().readTree(dir.resolve(file).toFile());
    }
}
