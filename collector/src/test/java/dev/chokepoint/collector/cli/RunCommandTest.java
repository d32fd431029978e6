package dev.chokepoint.collector.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.chokepoint.collector.Main;
import dev.chokepoint.collector.scrape.MetricsEndpoint;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.RunMetadata;
import dev.chokepoint.collector.store.RunReader;
import dev.chokepoint.collector.store.ScrapeEvent;
import io.micrometer.core.instrument.Gauge;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;

import java.net.ServerSocket;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code chokepoint run/record/analyze} in this JVM against a real endpoint. The load command is a
 * real process that sends real requests and leaves hey's files, but needs no tool outside the JVM
 * (hey is not on a fresh machine, and {@code mvn verify} must pass there).
 */
class RunCommandTest {

    /**
     * Two stairs (20 and 60 RPS, 3 s each) that write the schedule like the examples' stairs
     * script and each step's requests in hey's CSV, then fail on purpose.
     */
    private static final String STAIRS = """
            #!/bin/sh
            set -e
            dir="$1"; url="$2"; java="$3"; classpath="$4"
            "$java" -cp "$classpath" %s "$dir" "$url" 3 20 60
            exit 3
            """.formatted(HeyFormatStairs.class.getName());

    @TempDir
    Path dir;

    private MetricsEndpoint endpoint;
    private final AtomicInteger busy = new AtomicInteger(3);
    private final CapturedConsole captured = new CapturedConsole();
    private final Console console = captured.console();

    @BeforeEach
    void startTarget() throws IOException {
        endpoint = new MetricsEndpoint();
        Gauge.builder("tomcat.threads.busy", busy, AtomicInteger::get).baseUnit("threads").tag("name", "http")
                .register(endpoint.registry());
    }

    @AfterEach
    void stopTarget() {
        endpoint.close();
    }

    @Test
    void aLoadCommandThatFailsStillGetsItsReportAndNothingRecordedIsLost() throws Exception {
        Path run = dir.resolve("run");
        Path stairs = Files.writeString(dir.resolve("stairs.sh"), STAIRS);

        int code = Main.execute(console, "run", "--target", endpoint.uri().toString(), "--out", run.toString(),
                "--steps-file", run.resolve("steps.csv").toString(),
                "--", "sh", stairs.toString(), run.toString(), endpoint.app().toString(),
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), System.getProperty("java.class.path"));

        assertThat(code).as(captured.err()).isEqualTo(ExitCodes.OK);
        RunMetadata metadata = RunReader.readMetadata(run);
        assertThat(metadata.exitStatus()).isEqualTo(3);
        assertThat(metadata.interrupted()).isFalse();
        assertThat(metadata.endMillis()).isNotNull();
        assertThat(metadata.stepsOption()).isEqualTo("--steps-file");
        RunData data = RunReader.read(run);
        assertThat(data.named("tomcat_threads_busy_threads").get(0).size()).isEqualTo(endpoint.served());
        assertThat(run.resolve("report.md")).isNotEmptyFile();
        assertThat(run.resolve("report.html")).isNotEmptyFile();
        JsonNode report = new ObjectMapper().readTree(run.resolve("report.json").toFile());
        assertThat(report.path("steps")).hasSize(2);
        assertThat(captured.out()).contains(report.path("headline").asText());
        assertThat(captured.err())
                .contains("load command exited with status 3")
                .containsPattern("chokepoint: step 1 \\[[0-9:]+–[0-9:]+\\] [0-9.]+ req/s · p95 [0-9]+ ms · workers 3/");
    }

    @Test
    void recordThenAnalyzeAgainWithAnotherSlo() throws Exception {
        Path run = dir.resolve("recorded");

        int recorded = Main.execute(console, "record", "--target", endpoint.uri().toString(), "--out", run.toString(),
                "--interval", "500ms", "--duration", "3s");
        int analyzed = Main.execute(console, "analyze", run.toString(), "--slo", "p95<=50ms", "--format", "json");
        int badSlo = Main.execute(console, "analyze", run.toString(), "--slo", "p95 fast");

        assertThat(recorded).isEqualTo(ExitCodes.OK);
        assertThat(analyzed).isEqualTo(ExitCodes.OK);
        assertThat(run.resolve("report.json")).isNotEmptyFile();
        assertThat(run.resolve("report.md")).doesNotExist();
        assertThat(captured.out()).contains("analyze with: chokepoint analyze " + run);
        assertThat(badSlo).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err()).contains("p95 fast");
    }

    @Test
    void aTargetThatNeverAnswersFailsTheRecording() throws Exception {
        String dead;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            dead = "http://127.0.0.1:" + socket.getLocalPort() + "/metrics";
        }

        int code = Main.execute(console, "run", "--target", dead, "--out", dir.resolve("r").toString(),
                "--interval", "200ms", "--", "sleep", "1");

        assertThat(code).isEqualTo(ExitCodes.RECORDING_FAILED);
        assertThat(captured.err()).contains("no target ever answered a scrape", dead);
        assertThat(RunReader.readMetadata(dir.resolve("r")).exitStatus()).isZero();
    }

    @Test
    void aSecondRulesFileWithoutItsOptionIsBadInputNotTheLoadCommand() throws IOException {
        Path rules = Files.writeString(dir.resolve("a.yaml"), "rules: []\n");
        Path out = dir.resolve("stray");
        int code = Main.execute(console, "run", "--target", endpoint.uri().toString(), "--out", out.toString(),
                "--rules", rules.toString(), dir.resolve("b.yaml").toString(), "--", "sleep", "1");

        assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err()).contains("b.yaml' before -- is no option's value",
                "--rules takes one file per option (--rules a.yaml --rules b.yaml)");
        assertThat(out).as("nothing recorded").doesNotExist();
    }

    @Test
    void aLoadCommandThatCannotStartIsBadInput() {
        int code = Main.execute(console, "run", "--target", endpoint.uri().toString(), "--out",
                dir.resolve("r").toString(), "--", "no-such-load-tool-here", "--vus", "10");

        assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err()).contains("cannot start the load command",
                "no-such-load-tool-here");
    }

    @Test
    void aLoadToolThatCrashedBeforeWritingItsOutputStillGetsAReportWithDetectedSteps() throws Exception {
        Path run = dir.resolve("crashed");
        Path go = dir.resolve("go");
        // the "load tool" crashes once the collector has scraped a few times (the test says when)
        CompletableFuture<Integer> code = CompletableFuture.supplyAsync(() -> Main.execute(console, "run",
                "--target", endpoint.uri().toString(), "--out", run.toString(), "--interval", "500ms",
                "--k6-json", run.resolve("k6.json").toString(),
                "--", "sh", "-c", "while [ ! -e '" + go + "' ]; do sleep 0.1; done; kill -SEGV $$"));
        await().atMost(Duration.ofSeconds(60)).until(() -> endpoint.served() >= 3);
        Files.createFile(go);

        assertThat(code.get(60, TimeUnit.SECONDS)).isEqualTo(ExitCodes.OK);
        assertThat(RunReader.readMetadata(run).exitStatus()).isEqualTo(128 + 11);
        assertThat(captured.err()).contains("k6.json: does not exist",
                "detecting the steps from the server's request rate instead");
        assertThat(run.resolve("report.json")).isNotEmptyFile();
    }

    @Test
    void aTargetThatDiesMidRunStillGetsItsReportWithTheFailureRecorded() throws Exception {
        Path run = dir.resolve("died");
        Path go = dir.resolve("go");
        CompletableFuture<Integer> code = CompletableFuture.supplyAsync(() -> Main.execute(console, "run",
                "--target", endpoint.uri().toString(), "--out", run.toString(),
                "--", "sh", "-c", "while [ ! -e '" + go + "' ]; do sleep 0.1; done"));
        await().atMost(Duration.ofSeconds(60)).until(() -> endpoint.served() >= 3);
        endpoint.kill();
        int servedBeforeDeath = endpoint.served();
        // let the collector try (and fail) a few rounds against the dead target
        await().atMost(Duration.ofSeconds(60)).until(() -> Files.size(run.resolve("events.jsonl")) > 0);
        Files.createFile(go);

        assertThat(code.get(60, TimeUnit.SECONDS)).isEqualTo(ExitCodes.OK);
        RunData data = RunReader.read(run);
        assertThat(data.named("tomcat_threads_busy_threads").get(0).size()).isEqualTo(servedBeforeDeath);
        assertThat(data.events()).anyMatch(e -> e.kind() == ScrapeEvent.Kind.FAILED
                && e.detail().contains("connection refused"));
        assertThat(run.resolve("report.md")).isNotEmptyFile();
    }

    @Test
    void analyzingAFolderThatIsNoRunIsBadInput() {
        int code = Main.execute(console, "analyze", dir.toString());

        assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err()).contains("not a chokepoint run folder");
    }
}
