package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.Main;
import dev.chokepoint.collector.steps.StepSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The command line as users type it: options parse from strings, bad values say which option and how to fix it. */
class CliOptionsTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Console console = new Console(new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));

    @Test
    void runOptionsBuildFromStrings() {
        RunCommand run = new RunCommand(console, Interrupts.NONE);
        new CommandLine(run).setStopAtPositional(true).parseArgs("--target", "http://127.0.0.1:9464/metrics",
                "--target", "http://127.0.0.1:9465/metrics", "--out", "runs/1", "--interval", "500ms",
                "--k6-json", "k6.json", "--slo", "p95<=200ms", "--format", "md,json", "--fail-on-slo",
                "k6", "run", "--vus", "10", "stairs.js");

        assertThat(run.targets.targets()).hasSize(2);
        assertThat(run.targets.interval()).isEqualTo(Duration.ofMillis(500));
        assertThat(StepOptions.sourceOf(run.steps)).isEqualTo(new StepSource(StepSource.Kind.K6, Path.of("k6.json")));
        assertThat(run.report.analysisOptions().formats()).isEqualTo(Set.of("md", "json"));
        assertThat(run.report.analysisOptions().slo()).isEqualTo("p95<=200ms");
        assertThat(run.report.failOnSlo()).isTrue();
        assertThat(run.command).isEqualTo(List.of("k6", "run", "--vus", "10", "stairs.js"));
    }

    @Test
    void defaults() {
        RunCommand run = new RunCommand(console, Interrupts.NONE);
        new CommandLine(run).parseArgs("--target", "http://127.0.0.1:9464/metrics", "--out", "d", "--", "true");

        assertThat(run.targets.interval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(StepOptions.sourceOf(run.steps)).isEqualTo(StepSource.detected());
        assertThat(run.report.analysisOptions().formats()).isEqualTo(Set.of("md", "json", "html"));
        assertThat(run.report.analysisOptions().slo()).isEqualTo("p95<=300ms,p99<=1s,errors<=1%");
    }

    @Test
    void badValuesNameTheOptionAndTheFix() {
        assertBadUsage("'--interval'", "write a number and a unit", "--interval", "fast");
        assertBadUsage("'--interval'", "use 100ms or more", "--interval", "10ms");
        assertBadUsage("'--format'", "use a comma-separated list of md, json, html", "--format", "md,pdf");
        assertBadUsage("'--target'", "give the metrics endpoint", "--target", "ftp://host/metrics");
        assertBadUsage("'--rules'", "does not exist", "--rules", dir.resolve("missing.yaml").toString());
        assertBadUsage("--steps", "mutually exclusive", "--steps", "a.csv", "--jtl", "b.jtl");
    }

    @Test
    void runWithoutALoadCommandIsBadUsage() {
        int code = Main.execute(console, "run", "--target", "http://127.0.0.1:9/metrics", "--out", dir.toString());

        assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("Missing required parameter: 'COMMAND'");
    }

    @Test
    void helpDocumentsEveryCommandAndTheExitCodes() {
        assertThat(Main.execute(console, "--help")).isZero();
        assertThat(Main.execute(console, "run", "--help")).isZero();
        assertThat(Main.execute(console, "analyze", "--help")).isZero();
        assertThat(Main.execute(console, "record", "--help")).isZero();

        String help = out.toString(StandardCharsets.UTF_8);
        assertThat(help).contains("run", "record", "analyze", "--target", "--interval", "--out", "--steps",
                "--k6-json", "--jtl", "--rules", "--slo", "--format", "--fail-on-slo", "--duration", "RUN_DIR");
        assertThat(help).contains("130  interrupted", "3    recording failed", "1    SLO missed");
        assertThat(help).contains("(default: p95<=300ms,p99<=1s,errors<=1%)", "80% of",
                "--slo 'p95<=300ms,p99<=1s,errors<=1%' -- ./stairs.sh");
    }

    @Test
    void helpTextFormatsWithoutPicocliWarnings() {
        // picocli formats descriptions with String.format and warns on stderr about a bare '%'
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            for (String command : List.of("run", "analyze", "record")) {
                Main.execute(console, command, "--help");
            }
        } finally {
            System.setErr(stderr);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
    }

    private void assertBadUsage(String option, String fix, String... badArgs) {
        err.reset();
        String[] args = new String[badArgs.length + 7];
        String[] base = {"run", "--target", "http://127.0.0.1:9/metrics", "--out", dir.toString()};
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(badArgs, 0, args, base.length, badArgs.length);
        args[args.length - 2] = "--";
        args[args.length - 1] = "true";

        int code = Main.execute(console, args);

        assertThat(code).as("exit code of %s", List.of(badArgs)).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(option).contains(fix);
    }
}
