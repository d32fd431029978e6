package dev.chokepoint.collector.analysis;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.chokepoint.collector.check.Expectation;
import dev.chokepoint.collector.check.ExpectationCheck;
import dev.chokepoint.collector.report.ReportFormat;
import dev.chokepoint.collector.report.model.ModelBuilder;
import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.store.RunMetadata;
import dev.chokepoint.collector.store.RunWriter;
import dev.chokepoint.collector.store.Series;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real recordings of the example scenarios: drop a run folder (run.json, samples, steps file)
 * with the scenario's {@code expect.yaml} into {@code src/test/resources/recorded/<name>/} and it
 * becomes a test, judged by {@link ExpectationCheck} like the accuracy matrix: the first saturated
 * resource must be the expected one at the expected step (±1), the none-steps must report nothing,
 * and a target that died must be reported as such.
 */
class RecordedRunsTest {

    @TestFactory
    Stream<DynamicTest> every_recorded_run_gets_its_expected_verdict() throws IOException, URISyntaxException {
        URL root = getClass().getClassLoader().getResource("recorded");
        if (root == null) {
            return Stream.empty();
        }
        List<Path> dirs;
        try (Stream<Path> s = Files.list(Path.of(root.toURI()))) {
            dirs = s.filter(d -> Files.exists(d.resolve("expect.yaml"))).sorted().toList();
        }
        return dirs.stream().map(d -> DynamicTest.dynamicTest(d.getFileName().toString(), () -> check(RecordedRun.load(d))));
    }

    @Test
    void a_run_folder_written_by_the_store_is_analysed_like_the_samples_it_holds(@TempDir Path dir) throws Exception {
        // given the pool case written to disk the way the recorder writes it, with its schedule
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        write(pool, dir);

        // when
        RecordedRun recorded = RecordedRun.load(dir);

        // then
        assertThat(recorded.steps()).hasSize(4);
        check(recorded);
        Report direct = Analysis.analyze(pool.run, pool.steps, AnalysisOptions.defaults());
        Report fromDisk = Analysis.analyze(recorded.run(), recorded.steps(), AnalysisOptions.defaults());
        assertThat(fromDisk.headline()).isEqualTo(direct.headline());
    }

    /** Through the same judge as the accuracy matrix (chokepoint check): the first saturated resource, not any. */
    static void check(RecordedRun r) throws Exception {
        Report report = Analysis.analyze(r.run(), r.steps(), AnalysisOptions.defaults());
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        ReportFormat.JSON.writer().write(ModelBuilder.of(report), json);
        ExpectationCheck.Result result = ExpectationCheck.check(Expectation.of(r.expect()),
                new ObjectMapper().readTree(json.toByteArray()));
        assertThat(result.verdict()).as("%s: %s; report: %s", r.dir().getFileName(), result.row(), report.headline())
                .isEqualTo("pass");
    }

    /** The fixture's samples through the real store writer: one scrape per target and second. */
    private static void write(CaseFixture f, Path dir) throws IOException {
        RunWriter w = RunWriter.create(dir, RunMetadata.started(f.run.targets(), f.run.startMillis(), 1000,
                List.of("hey"), "--steps", "steps.csv"));
        List<Integer> ids = new ArrayList<>();
        for (Series s : f.run.series()) {
            ids.add(w.seriesId(s.key(), 0));
        }
        TreeMap<Long, List<Integer>> byTime = new TreeMap<>();
        for (int i = 0; i < f.run.series().size(); i++) {
            for (long t : f.run.series().get(i).timesMillis()) {
                byTime.computeIfAbsent(t, k -> new ArrayList<>()).add(i);
            }
        }
        for (Map.Entry<Long, List<Integer>> e : byTime.entrySet()) {
            int[] sid = new int[e.getValue().size()];
            double[] values = new double[sid.length];
            for (int k = 0; k < sid.length; k++) {
                int i = e.getValue().get(k);
                Series s = f.run.series().get(i);
                sid[k] = ids.get(i);
                values[k] = s.values()[java.util.Arrays.binarySearch(s.timesMillis(), e.getKey())];
            }
            w.writeScrape(0, e.getKey(), sid, values);
        }
        w.finish(RunMetadata.started(f.run.targets(), f.run.startMillis(), 1000, List.of("hey"), "--steps", "steps.csv")
                .ended(f.run.endMillis(), 0, false));
        StringBuilder csv = new StringBuilder("step,start_ms,end_ms,offered_rps,hey_csv\n");
        for (Step s : f.steps) {
            csv.append(s.index()).append(',').append(s.startMillis()).append(',').append(s.endMillis()).append(',')
                    .append((long) s.offeredRps()).append(",\n");
        }
        Files.writeString(dir.resolve("steps.csv"), csv);
        Files.writeString(dir.resolve("expect.yaml"), "expect:\n  resource: connection-pool\n  rule: pool-exhausted\n"
                + "  step: 4\n  none-steps: [1, 2, 3]\n");
    }
}
