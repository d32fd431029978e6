package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.Main;
import dev.chokepoint.collector.scrape.MetricsEndpoint;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.RunMetadata;
import dev.chokepoint.collector.store.RunReader;
import io.micrometer.core.instrument.Counter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Ctrl-C on a real collector process: it stops the load command, keeps every sample and still writes the report. */
class InterruptTest {

    @TempDir
    Path dir;

    /**
     * A JVM started as a background job of a shell without job control ({@code cmd &} in a script)
     * inherits SIGINT ignored, and every process it forks does too: the collector would never see
     * the signal, and each test would wait out its deadlines. Say so at once instead.
     */
    @BeforeAll
    static void sigintCanReachAForkedProcess() throws IOException {
        String ignored = Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(l -> l.startsWith("SigIgn:")).map(l -> l.substring("SigIgn:".length()).trim())
                .findFirst().orElse("0");
        long sigintBit = 1L << (2 - 1);
        assertThat(Long.parseUnsignedLong(ignored, 16) & sigintBit)
                .as("SIGINT is ignored by this test JVM (it was started as a background job of a shell without job "
                        + "control), so no forked collector can receive it: run the build in the foreground or "
                        + "under `set -m`")
                .isZero();
    }

    /** SIGINT as from Ctrl-C; SIGTERM as from a CI runner cancelling, {@code timeout}, or {@code docker stop}. */
    @ParameterizedTest
    @ValueSource(strings = {"INT", "TERM"})
    void aSignalDuringRunStopsTheLoadCommandAndStillWritesTheReport(String signal) throws Exception {
        try (MetricsEndpoint endpoint = new MetricsEndpoint()) {
            Counter.builder("orders").register(endpoint.registry()).increment(5);
            Path run = dir.resolve("run");
            Path log = dir.resolve("collector.log");
            // given a collector process recording while a long load command runs
            // (a 2 s interval: its 1.6 s scrape timeout never cuts a scrape short on a busy machine, so every
            // scrape the endpoint answered must be on disk)
            Process collector = fork(log, "run", "--target", endpoint.uri().toString(), "--out", run.toString(),
                    "--interval", "2s", "--", "sleep", "600");
            try {
                // scrapes come on a timer and the JVM starts at its own pace: poll with a deadline
                await().atMost(Duration.ofSeconds(60)).until(() -> endpoint.served() >= 3);

                List<ProcessHandle> loadCommand = collector.descendants().toList();
                assertThat(loadCommand).isNotEmpty();

                // when it gets the signal
                signal(collector, signal);

                // then it exits with 130 after the report, the load command is gone, nothing is lost
                assertThat(collector.waitFor(120, TimeUnit.SECONDS)).as(Files.readString(log)).isTrue();
                String output = Files.readString(log);
                assertThat(collector.exitValue()).as(output).isEqualTo(ExitCodes.INTERRUPTED);
                assertThat(output).contains("interrupted; stopping the recording");
                assertThat(loadCommand).noneMatch(ProcessHandle::isAlive);
                RunMetadata metadata = RunReader.readMetadata(run);
                assertThat(metadata.interrupted()).isTrue();
                assertThat(metadata.exitStatus()).isEqualTo(128 + 2);
                RunData data = RunReader.read(run);
                assertThat(data.named("orders_total").get(0).size()).isEqualTo(endpoint.served());
                assertThat(run.resolve("report.md")).isNotEmptyFile();
                assertThat(run.resolve("report.json")).isNotEmptyFile();
                assertThat(run.resolve("report.html")).isNotEmptyFile();
            } finally {
                collector.descendants().forEach(ProcessHandle::destroyForcibly);
                collector.destroyForcibly();
            }
        }
    }

    @Test
    void sigintEndsARecordWithoutDurationNormally() throws Exception {
        try (MetricsEndpoint endpoint = new MetricsEndpoint()) {
            Counter.builder("orders").register(endpoint.registry()).increment(5);
            Path run = dir.resolve("recorded");
            Path log = dir.resolve("record.log");
            Process collector = fork(log, "record", "--target", endpoint.uri().toString(), "--out", run.toString(),
                    "--interval", "2s");
            try {
                await().atMost(Duration.ofSeconds(60)).until(() -> endpoint.served() >= 2);

                signal(collector, "INT");

                assertThat(collector.waitFor(120, TimeUnit.SECONDS)).as(Files.readString(log)).isTrue();
                assertThat(collector.exitValue()).as(Files.readString(log)).isEqualTo(ExitCodes.OK);
                RunMetadata metadata = RunReader.readMetadata(run);
                assertThat(metadata.interrupted()).isTrue();
                assertThat(metadata.endMillis()).isNotNull();
                assertThat(RunReader.read(run).named("orders_total").get(0).size()).isEqualTo(endpoint.served());
                assertThat(Files.readString(log)).contains("analyze with: chokepoint analyze " + run);
            } finally {
                collector.destroyForcibly();
            }
        }
    }

    /** The real thing: a collector JVM of its own, whose shutdown hook sees the signal. */
    private static Process fork(Path log, String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(
                List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static void signal(Process process, String name) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start().waitFor();
    }
}
