package dev.chokepoint.collector.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.analysis.CaseFixture;
import dev.chokepoint.collector.report.model.ModelBuilder;
import dev.chokepoint.collector.report.model.ReportModel;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The report's header names the process behind each target, and each new one after a restart. */
class TargetProcessesTest {

    private static final String FIRST = "6f1c2a52-0c57-4a0e-9d3e-4b7f6c1f2a10";
    private static final String SECOND = "0b9d7c55-51a2-4c4e-8f0e-2e7a4d3c9b61";

    @Test
    void the_header_names_each_process_a_target_showed() throws Exception {
        // given the pool case, its agent exporting its identity, and restarted half way
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        String target = pool.run.targets().get(0);
        long[] times = pool.run.series().get(0).timesMillis();
        int half = times.length / 2;
        long[] before = Arrays.copyOfRange(times, 0, half);
        long[] after = Arrays.copyOfRange(times, half, times.length);
        List<Series> series = new ArrayList<>(pool.run.series());
        series.add(info(target, FIRST, "4242", before));
        series.add(info(target, SECOND, "4311", after));
        double[] start = new double[times.length];
        Arrays.fill(start, 0, half, times[0] / 1000.0 - 10);
        Arrays.fill(start, half, times.length, after[0] / 1000.0 - 3);
        series.add(new Series(SeriesKey.of(target, "process_start_time_seconds", Map.of()), times, start));
        RunData run = new RunData(pool.run.startMillis(), pool.run.endMillis(), pool.run.targets(), series, List.of());

        // when it is analysed and written
        ReportModel model = ModelBuilder.of(Analysis.analyze(run, pool.steps, AnalysisOptions.defaults()));
        String md = render(new MarkdownReportWriter(), model);
        JsonNode json = new ObjectMapper().readTree(render(new JsonReportWriter(), model));

        // then report.md's run line names both processes, and report.json lists them
        assertThat(md).contains(target + " (agent instance " + FIRST + ", pid 4242, started "
                + ReportText.date(times[0] - 10_000) + "; then agent instance " + SECOND + ", pid 4311, started "
                + ReportText.date(after[0] - 3000) + ")");
        JsonNode processes = json.get("run").get("processes");
        assertThat(processes).hasSize(2);
        assertThat(processes.get(1).get("target").asText()).isEqualTo(target);
        assertThat(processes.get(1).get("instance").asText()).isEqualTo(SECOND);
        assertThat(processes.get(1).get("pid").asText()).isEqualTo("4311");
        assertThat(processes.get(1).get("startMillis").asLong()).isEqualTo(after[0] - 3000);
    }

    @Test
    void a_process_started_long_before_the_recording_is_named_by_its_command_and_questioned() throws Exception {
        // given a service left running from an earlier test: it answered the collector for 2 hours
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        String target = pool.run.targets().get(0);
        long[] times = pool.run.series().get(0).timesMillis();
        List<Series> series = new ArrayList<>(pool.run.series());
        series.add(new Series(SeriesKey.of(target, "chokepoint_agent_info",
                Map.of("agent_instance", FIRST, "pid", "4242", "command", "old-shop.jar")), times, ones(times.length)));
        double[] start = new double[times.length];
        Arrays.fill(start, (pool.run.startMillis() - 2 * 3_600_000) / 1000.0);
        series.add(new Series(SeriesKey.of(target, "process_start_time_seconds", Map.of()), times, start));
        RunData run = new RunData(pool.run.startMillis(), pool.run.endMillis(), pool.run.targets(), series, List.of());

        ReportModel model = ModelBuilder.of(Analysis.analyze(run, pool.steps, AnalysisOptions.defaults()));

        assertThat(render(new MarkdownReportWriter(), model)).contains(target + " (old-shop.jar, agent instance " + FIRST
                + ", pid 4242, started " + ReportText.date(pool.run.startMillis() - 2 * 3_600_000)
                + ", 120 min before the recording began; if you restarted the service since, this is an older process that kept the agent's port)");
    }

    @Test
    void a_target_without_identity_leaves_the_header_and_the_json_as_they_were() throws Exception {
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");

        ReportModel model = ModelBuilder.of(Analysis.analyze(pool.run, pool.steps, AnalysisOptions.defaults()));

        assertThat(render(new MarkdownReportWriter(), model)).contains("targets: " + pool.run.targets().get(0) + "\n");
        assertThat(new ObjectMapper().readTree(render(new JsonReportWriter(), model)).get("run").has("processes")).isFalse();
    }

    private static Series info(String target, String instance, String pid, long[] times) {
        return new Series(SeriesKey.of(target, "chokepoint_agent_info", Map.of("agent_instance", instance, "pid", pid)), times,
                ones(times.length));
    }

    private static double[] ones(int n) {
        double[] ones = new double[n];
        Arrays.fill(ones, 1);
        return ones;
    }

    private static String render(ReportWriter w, ReportModel m) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        w.write(m, out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
