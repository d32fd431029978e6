package dev.chokepoint.collector.compare;

import dev.chokepoint.collector.Main;
import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.analysis.CaseFixture;
import dev.chokepoint.collector.cli.CapturedConsole;
import dev.chokepoint.collector.cli.Console;
import dev.chokepoint.collector.report.JsonReportWriter;
import dev.chokepoint.collector.report.model.ModelBuilder;
import dev.chokepoint.collector.report.model.ReportModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** What compare reads: report.json back into the one model, and bad paths or files as clear errors. */
class CompareInputsTest {

    @TempDir
    Path dir;

    private final CapturedConsole captured = new CapturedConsole();
    private final Console console = captured.console();

    @Test
    void report_json_reads_back_into_the_model_it_was_written_from() throws Exception {
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        Analysis.run(pool.run, pool.steps, AnalysisOptions.defaults(), dir);
        ReportModel written = ModelBuilder.of(Analysis.analyze(pool.run, pool.steps, AnalysisOptions.defaults()));

        ReportModel read = ReportReader.read(dir);

        // the same report.json again, field for field: nothing lost or turned from null into zero
        assertThat(json(read)).isEqualTo(json(written));
        assertThat(read.nextBottleneck()).isNotNull();
        assertThat(read.steps().get(0).routes()).isNotEmpty();
    }

    @Test
    void a_missing_run_a_folder_without_report_and_a_file_that_is_no_report_are_named_with_the_fix() throws Exception {
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        Path good = dir.resolve("good");
        Analysis.run(pool.run, pool.steps, AnalysisOptions.defaults(), good);
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Path notJson = Files.writeString(dir.resolve("report.json"), "step,rps\n1,10\n");

        assertBadInput("no such run folder or file", "compare", dir.resolve("nowhere").toString(), good.toString());
        assertBadInput("holds no report.json; write it with `chokepoint analyze", "compare", good.toString(), empty.toString());
        assertBadInput("is not a chokepoint report.json", "compare", notJson.toString(), good.toString());
        assertBadInput("--max-cpu-rise", "compare", good.toString(), good.toString(), "--max-cpu-rise", "-1");
    }

    @Test
    void a_run_against_itself_changes_nothing() throws Exception {
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        Analysis.run(pool.run, pool.steps, AnalysisOptions.defaults(), dir);

        int code = Main.execute(console, "compare", dir.resolve("report.json").toString(), dir.toString(),
                "--fail-on-regression", "--out", dir.resolve("cmp").toString());

        assertThat(code).isZero();
        assertThat(captured.out()).contains("the bottleneck is still the connection pool; no regression beyond the noise");
        assertThat(Files.readString(dir.resolve("cmp/compare.json"))).doesNotContain("\"WORSE\"").doesNotContain("\"BETTER\"")
                .contains("not tested: the connection pool still limits the new run first");
    }

    private static String json(ReportModel m) throws Exception {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        new JsonReportWriter().write(m, o);
        return o.toString(StandardCharsets.UTF_8);
    }

    private void assertBadInput(String message, String... args) {
        captured.resetErr();
        assertThat(Main.execute(console, args)).isEqualTo(2);
        assertThat(captured.err()).contains(message);
    }
}
