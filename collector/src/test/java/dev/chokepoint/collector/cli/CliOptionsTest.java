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

    private final CapturedConsole captured = new CapturedConsole();
    private final Console console = captured.console();

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
        assertBadUsage("--steps-file", "mutually exclusive", "--steps-file", "a.csv", "--jtl", "b.jtl");
        assertBadUsage("'--interval'", "'90' has no unit; write a number and a unit, e.g. 90s or 90ms", "--interval", "90");
        assertBadUsage("'--slo'", "cannot read 'p(95)>300': an SLO is an upper bound", "--slo", "p(95)>300");
        assertBadUsage("'--slo'", "e.g. p(95)<300,p(99)<1000,http_req_failed<0.01", "--slo", "p95<=300ms", "--slo", "p(99.9)<1");
    }

    @Test
    void runWithoutALoadCommandIsBadUsage() {
        int code = Main.execute(console, "run", "--target", "http://127.0.0.1:9/metrics", "--out", dir.toString());

        assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err()).contains("give the load command after --",
                "--url URL --stairs 10,30,150,300 --step-duration 30s");
    }

    @Test
    void withoutATargetTheAgentsDefaultEndpointIsScrapedAndStderrSaysSo() {
        int code = Main.execute(console, "record", "--out", dir.resolve("r").toString(), "--duration", "300ms",
                "--interval", "100ms");

        // RECORDING_FAILED when nothing listens there; OK should an agent run on this machine with its defaults
        assertThat(code).isIn(ExitCodes.RECORDING_FAILED, ExitCodes.OK);
        assertThat(captured.err()).contains("chokepoint: no --target given: scraping the agent's default endpoint "
                + "http://127.0.0.1:19464/metrics");
    }

    @Test
    void stairsTooShortForAVerdictAreWarnedAboutNotRefused() {
        // 8 s steps gave "unattributed" where the executor and Redis saturated (WaitVerdictsIT)
        assertThat(BuiltInLoad.shortStepWarning(Duration.ofSeconds(8)))
                .contains("steps of 8.0 s are shorter than a verdict needs (10 s", "use --step-duration 10s or more");
        assertThat(BuiltInLoad.shortStepWarning(Duration.ofSeconds(10))).isNull();
    }

    @Test
    void builtInStairsRefuseALoadCommandToo() {
        int code = Main.execute(console, "run", "--target", "http://127.0.0.1:9/metrics", "--out", dir.toString(),
                "--url", "http://127.0.0.1:9/x", "--stairs", "10,20", "--step-duration", "5s", "--", "k6", "run", "s.js");

        assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err()).contains("not both");
    }

    @Test
    void builtInStairsNeedRatesAndAStepOfASecondOrMore() {
        int noStep = Main.execute(console, "run", "--target", "http://127.0.0.1:9/metrics", "--out", dir.toString(),
                "--url", "http://127.0.0.1:9/x", "--stairs", "10,20");
        int shortStep = Main.execute(console, "run", "--target", "http://127.0.0.1:9/metrics", "--out", dir.toString(),
                "--url", "http://127.0.0.1:9/x", "--stairs", "10,-2", "--step-duration", "500ms");

        assertThat(noStep).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(shortStep).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err()).contains("need --stairs RATES", "--stairs must be positive");
    }

    @Test
    void aBadRequestsFileIsNamedWithItsLineAndTheFix() throws Exception {
        Path file = dir.resolve("requests.yaml");
        java.nio.file.Files.writeString(file, """
                requests:
                  - url: http://127.0.0.1:8080/orders
                    method: POST
                  - url: http://127.0.0.1:8080/orders
                    metod: GET
                """);
        Path wrongMethod = dir.resolve("method.yaml");
        java.nio.file.Files.writeString(wrongMethod, """
                requests:
                  - url: http://127.0.0.1:8080/a
                  - url: http://127.0.0.1:8080/orders
                    method: FETCH
                """);

        int unknownKey = Main.execute(console, "run", "--target", "http://127.0.0.1:9/metrics", "--out",
                dir.resolve("r1").toString(), "--requests", file.toString(), "--stairs", "10", "--step-duration", "5s");
        int badMethod = Main.execute(console, "search", "--target", "http://127.0.0.1:9/metrics", "--out",
                dir.resolve("r2").toString(), "--requests", wrongMethod.toString(), "--slo", "p95<=200ms");

        assertThat(unknownKey).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(badMethod).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err())
                .contains(file + ":5: unknown key 'metod'; a request has url, method")
                .contains(wrongMethod + ":3: request http://127.0.0.1:8080/orders has method 'FETCH'; use one of");
    }

    @Test
    void searchRefusesFailOnSloAndNamesFailBelowInstead() {
        int failOnSlo = Main.execute(console, "search", "--target", "http://127.0.0.1:9/metrics", "--out",
                dir.resolve("s1").toString(), "--url", "http://127.0.0.1:9/a", "--slo", "p95<=200ms", "--fail-on-slo");
        int badRate = Main.execute(console, "search", "--target", "http://127.0.0.1:9/metrics", "--out",
                dir.resolve("s2").toString(), "--url", "http://127.0.0.1:9/a", "--fail-below", "0");

        assertThat(failOnSlo).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(badRate).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err())
                .contains("--fail-on-slo does not apply to search", "use --fail-below RPS")
                .contains("--fail-below must be a positive rate, got 0.0");
    }

    @Test
    void helpDocumentsEveryCommandAndTheExitCodes() {
        assertThat(Main.execute(console, "--help")).isZero();
        assertThat(Main.execute(console, "run", "--help")).isZero();
        assertThat(Main.execute(console, "analyze", "--help")).isZero();
        assertThat(Main.execute(console, "record", "--help")).isZero();

        String help = captured.out();
        assertThat(help).contains("run", "record", "analyze", "--target", "--interval", "--out", "--steps-file",
                "--k6-json", "--jtl", "--rules", "--slo", "--format", "--fail-on-slo", "--duration", "RUN_DIR");
        assertThat(help).contains("130  interrupted", "3    recording failed", "1    SLO missed");
        assertThat(help).contains("p95<=300ms,p99<=1s,errors<=1%).", "80% of",
                "--slo 'p(95)<300,p(99)<1000,http_req_failed<0.01' -- ./stairs.sh");
    }

    @Test
    void helpTextFormatsWithoutPicocliWarnings() {
        // picocli formats descriptions with String.format and warns on stderr about a bare '%'
        PrintStream stderr = System.err;
        ByteArrayOutputStream systemErr = new ByteArrayOutputStream();
        System.setErr(new PrintStream(systemErr, true, StandardCharsets.UTF_8));
        try {
            for (String command : List.of("run", "analyze", "record", "search", "margins", "compare", "completion")) {
                Main.execute(console, command, "--help");
            }
        } finally {
            System.setErr(stderr);
        }
        assertThat(systemErr.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
    }

    private void assertBadUsage(String option, String fix, String... badArgs) {
        captured.resetErr();
        String[] args = new String[badArgs.length + 7];
        String[] base = {"run", "--target", "http://127.0.0.1:9/metrics", "--out", dir.toString()};
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(badArgs, 0, args, base.length, badArgs.length);
        args[args.length - 2] = "--";
        args[args.length - 1] = "true";

        int code = Main.execute(console, args);

        assertThat(code).as("exit code of %s", List.of(badArgs)).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err()).contains(option).contains(fix);
    }
}
