package dev.chokepoint.collector.store;

import dev.chokepoint.collector.scrape.Recorder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * A disk that fills while recording, for real: Linux's /dev/full answers every write with ENOSPC.
 * The event file is put there (the others stay on the real disk), so the first event the
 * collector writes fails the way a full disk does, after samples have reached the disk.
 */
class FullDiskTest {

    private static final String A = "http://127.0.0.1:1/metrics";
    private static final long T0 = 1_764_450_000_000L;
    private static final Path FULL = Path.of("/dev/full");

    @TempDir
    Path dir;

    @BeforeEach
    void eventsGoToAFullDisk() throws IOException {
        assumeThat(Files.isWritable(FULL)).as("/dev/full (Linux)").isTrue();
        Files.createSymbolicLink(dir.resolve(RunFiles.EVENTS), FULL);
    }

    @Test
    void theFirstFailedWriteStopsTheRecordingAndWhatWasWrittenStaysReadable() throws IOException {
        RunWriter writer = RunWriter.create(dir, RunMetadata.started(List.of(A), T0, 1000, List.of(), null, null));
        int id = writer.seriesId(SeriesKey.of(A, "hikaricp_connections_pending", Map.of("pool", "p")), 0);
        for (int i = 0; i < 50; i++) {
            writer.writeScrape(0, T0 + i * 1000L, new int[] {id}, new double[] {i});
            writer.flush();
        }

        writer.writeEvent(new ScrapeEvent(A, T0 + 50_000, ScrapeEvent.Kind.FAILED, "timed out"));
        assertThatThrownBy(writer::flush).hasMessageContaining("No space left on device")
                .hasMessageContaining("cannot write to " + dir).hasMessageContaining("recording stopped")
                .hasMessageContaining("stays readable");

        // then the recording is over: nothing more is tried, nothing throws again, run.json gets its end
        writer.writeScrape(0, T0 + 51_000, new int[] {id}, new double[] {51});
        writer.writeEvent(new ScrapeEvent(A, T0 + 51_000, ScrapeEvent.Kind.RECOVERED, "again"));
        writer.flush();
        writer.finish(RunReader.readMetadata(dir).ended(T0 + 60_000, 0, false));
        assertThat(writer.failure()).hasMessageContaining("No space left on device");

        // and the folder, its event file as the full disk left it (empty), reads up to the last flushed scrape
        Files.delete(dir.resolve(RunFiles.EVENTS));
        Files.createFile(dir.resolve(RunFiles.EVENTS));
        RunData run = RunReader.read(dir);
        assertThat(run.series().get(0).values()).hasSize(50).endsWith(49);
        assertThat(run.recordingEnd()).isNotNull();
        assertThat(run.recordingEnd().atMillis()).isEqualTo(T0 + 49_000);
        assertThat(run.recordingEnd().reason()).contains("samples.gz is cut short").contains("full disk");
        assertThat(run.endMillis()).isEqualTo(T0 + 49_000);
    }

    @Test
    void theRecorderSaysItOnceInOneLine() throws Exception {
        URI dead;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            dead = URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/metrics");
        }
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        RunWriter writer = RunWriter.create(dir, RunMetadata.started(List.of(dead.toString()), System.currentTimeMillis(),
                100, List.of(), null, null));
        Recorder recorder = new Recorder(List.of(dead), Duration.ofMillis(100), writer, (t, o) -> { },
                new PrintStream(log, true, StandardCharsets.UTF_8));

        // a target that refuses: its failure is an event, and the event cannot be written
        recorder.start();
        // rounds come on a timer: poll with a deadline
        await().atMost(Duration.ofSeconds(30)).until(() -> writer.failure() != null);
        recorder.stop();

        assertThat(log.toString(StandardCharsets.UTF_8).lines().toList()).singleElement().asString()
                .startsWith("chokepoint: cannot write").contains("No space left on device").contains(dir.toString());
    }
}
