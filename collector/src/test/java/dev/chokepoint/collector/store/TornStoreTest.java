package dev.chokepoint.collector.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Each way a run folder's files can disagree, and where the reader then ends the recording. */
class TornStoreTest {

    private static final String A = "http://127.0.0.1:1/metrics";
    private static final long T0 = 1_764_450_000_000L;

    @TempDir
    Path dir;

    /** 200 scrapes of series 0; series 1 appears at scrape 100; events at scrapes 50 and 150. */
    private void record() throws IOException {
        RunWriter writer = RunWriter.create(dir, RunMetadata.started(List.of(A), T0, 1000, List.of(), null, null));
        int pending = writer.seriesId(SeriesKey.of(A, "hikaricp_connections_pending", Map.of("pool", "p")), 0);
        for (int i = 0; i < 200; i++) {
            if (i == 50 || i == 150) {
                writer.writeEvent(new ScrapeEvent(A, T0 + i * 1000L, ScrapeEvent.Kind.SLOW, "scrape took 700 ms"));
            }
            if (i < 100) {
                writer.writeScrape(0, T0 + i * 1000L, new int[] {pending}, new double[] {i % 7 + 0.5});
            } else {
                int active = writer.seriesId(SeriesKey.of(A, "hikaricp_connections_active", Map.of("pool", "p")), 0);
                writer.writeScrape(0, T0 + i * 1000L, new int[] {pending, active}, new double[] {i % 7 + 0.5, i});
            }
            writer.flush();
        }
        writer.finish(RunReader.readMetadata(dir).ended(T0 + 200_000, 0, false));
    }

    @Test
    void aWholeRecordingHasNoEnd() throws IOException {
        record();

        RunData run = RunReader.read(dir);

        assertThat(run.recordingEnd()).isNull();
        assertThat(run.endMillis()).isEqualTo(T0 + 200_000);
        assertThat(run.named("hikaricp_connections_pending").get(0).size()).isEqualTo(200);
    }

    @Test
    void aDamagedByteEndsTheRecordingAtTheRecordBeforeItAndSaysHowMuchIsLost() throws IOException {
        record();
        Path samples = dir.resolve(RunFiles.SAMPLES);
        byte[] bytes = Files.readAllBytes(samples);
        bytes[bytes.length / 2] ^= 0x5A;
        Files.write(samples, bytes);

        RunData run = RunReader.read(dir);

        assertThat(run.recordingEnd().reason()).startsWith("samples.gz is damaged");
        assertThat(run.recordingEnd().unreadableBytes()).isPositive().isLessThanOrEqualTo(bytes.length);
        Series pending = run.named("hikaricp_connections_pending").get(0);
        assertThat(pending.size()).isLessThan(200);
        for (int i = 0; i < pending.size(); i++) {
            assertThat(pending.values()[i]).isEqualTo(i % 7 + 0.5);
        }
        assertThat(run.endMillis()).isEqualTo(run.recordingEnd().atMillis()).isEqualTo(pending.timesMillis()[pending.size() - 1]);
    }

    @Test
    void aDictionaryShorterThanTheSamplesEndsTheRecordingBeforeTheFirstRecordThatNeedsWhatItLost() throws IOException {
        record();
        // the machine was lost: series.jsonl's last line never reached the disk, samples.gz did
        Path series = dir.resolve(RunFiles.SERIES);
        List<String> lines = Files.readAllLines(series, StandardCharsets.UTF_8);
        Files.writeString(series, lines.get(0) + "\n");

        RunData run = RunReader.read(dir);

        assertThat(run.recordingEnd().atMillis()).isEqualTo(T0 + 99_000);
        assertThat(run.recordingEnd().reason()).startsWith("series.jsonl ends before samples.gz does");
        assertThat(run.series()).hasSize(1);
        assertThat(run.series().get(0).size()).isEqualTo(100);
    }

    @Test
    void anEventFileShorterThanTheSamplesEndsTheRecordingBeforeTheFirstRecordWrittenAfterWhatItLost() throws IOException {
        record();
        Path events = dir.resolve(RunFiles.EVENTS);
        String first = Files.readAllLines(events, StandardCharsets.UTF_8).get(0);
        Files.writeString(events, first + "\n" + "{\"target\":\"" + A + "\",\"timeMi"); // the second cut in its line

        RunData run = RunReader.read(dir);

        assertThat(run.recordingEnd().atMillis()).isEqualTo(T0 + 149_000);
        assertThat(run.recordingEnd().reason()).startsWith("events.jsonl ends before samples.gz does");
        assertThat(run.events()).hasSize(1);
    }

    @Test
    void aKilledCollectorsFolderEndsAtItsLastFlushedScrapeAndSaysSo() throws IOException {
        RunWriter writer = RunWriter.create(dir, RunMetadata.started(List.of(A), T0, 1000, List.of(), null, null));
        int id = writer.seriesId(SeriesKey.of(A, "x", Map.of()), 0);
        for (int i = 0; i < 20; i++) {
            writer.writeScrape(0, T0 + i * 1000L, new int[] {id}, new double[] {i});
            writer.flush();
        }
        writer.writeScrape(0, T0 + 20_000, new int[] {id}, new double[] {20}); // never flushed: killed here

        RunData run = RunReader.read(dir);

        assertThat(run.recordingEnd().atMillis()).isEqualTo(T0 + 19_000);
        assertThat(run.recordingEnd().reason()).contains("cut short").contains("killed");
        assertThat(run.series().get(0).values()).hasSize(20);
    }

    @Test
    void formatOneIsStillReadAndItsTornTailFound() throws IOException {
        Path pool = Path.of("src/test/resources/recorded/pool-ci");
        Files.createDirectories(dir);
        for (String f : List.of(RunFiles.METADATA, RunFiles.SERIES, RunFiles.EVENTS)) {
            Files.copy(pool.resolve(f), dir.resolve(f));
        }
        byte[] samples = Files.readAllBytes(pool.resolve(RunFiles.SAMPLES));
        Files.write(dir.resolve(RunFiles.SAMPLES), Arrays.copyOf(samples, samples.length * 3 / 4));

        RunData whole = RunReader.read(pool);
        RunData torn = RunReader.read(dir);

        assertThat(whole.recordingEnd()).isNull();
        assertThat(torn.recordingEnd().reason()).startsWith("samples.gz is cut short");
        assertThat(torn.endMillis()).isLessThan(whole.endMillis());
        assertThat(torn.events()).allMatch(e -> e.timeMillis() <= torn.endMillis());
    }
}
