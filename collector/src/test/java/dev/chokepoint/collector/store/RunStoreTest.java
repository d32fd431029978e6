package dev.chokepoint.collector.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RunStoreTest {

    private static final String A = "http://127.0.0.1:1/metrics";
    private static final String B = "http://127.0.0.1:2/metrics";
    private static final long T0 = 1_764_450_000_000L;

    @TempDir
    Path dir;

    @Test
    void valuesComeBackAsScrapedIncludingGapsAndSpecialValues() throws IOException {
        RunWriter writer = RunWriter.create(dir,
                RunMetadata.started(List.of(A, B), T0, 1000, List.of("hey"), null, null));
        int busy = writer.seriesId(SeriesKey.of(A, "tomcat_threads_busy_threads", Map.of("name", "http")), 0);
        int cpu = writer.seriesId(SeriesKey.of(A, "process_cpu_usage", Map.of()), 0);
        int count = writer.seriesId(SeriesKey.of(B, "http_server_requests_seconds_count", Map.of("uri", "/a")), 1);
        writer.writeScrape(0, T0, new int[] {busy, cpu}, new double[] {5, 0.25});
        writer.writeScrape(1, T0, new int[] {count}, new double[] {1e15});
        writer.writeScrape(0, T0 + 1000, new int[] {busy, cpu}, new double[] {5, Double.NaN});
        // B failed at T0 + 1000: no record. busy went missing at T0 + 2000.
        writer.writeScrape(0, T0 + 2000, new int[] {cpu}, new double[] {-0.0});
        writer.writeScrape(1, T0 + 2000, new int[] {count}, new double[] {3});
        writer.writeScrape(0, T0 + 3000, new int[] {busy, cpu}, new double[] {200, Double.POSITIVE_INFINITY});
        // a series listed twice in one scrape: the last value counts
        writer.writeScrape(0, T0 + 4000, new int[] {cpu, busy, cpu}, new double[] {1, 200, 2});
        writer.writeEvent(new ScrapeEvent(B, T0 + 1000, ScrapeEvent.Kind.FAILED, "connection refused"));
        writer.finish(RunReader.readMetadata(dir).ended(T0 + 4500, 0, false));

        RunData run = RunReader.read(dir);

        assertThat(run.startMillis()).isEqualTo(T0);
        assertThat(run.endMillis()).isEqualTo(T0 + 4500);
        Series busySeries = run.named("tomcat_threads_busy_threads").get(0);
        assertThat(busySeries.timesMillis()).containsExactly(T0, T0 + 1000, T0 + 3000, T0 + 4000);
        assertThat(busySeries.values()).containsExactly(5, 5, 200, 200);
        Series cpuSeries = run.named("process_cpu_usage").get(0);
        assertThat(cpuSeries.timesMillis()).containsExactly(T0, T0 + 1000, T0 + 2000, T0 + 3000, T0 + 4000);
        assertThat(cpuSeries.values()[4]).isEqualTo(2);
        assertThat(cpuSeries.values()[1]).isNaN();
        assertThat(Double.doubleToRawLongBits(cpuSeries.values()[2])).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(cpuSeries.values()[3]).isInfinite();
        Series countSeries = run.named("http_server_requests_seconds_count", Map.of("uri", "/a")).get(0);
        assertThat(countSeries.key().target()).isEqualTo(B);
        assertThat(countSeries.timesMillis()).containsExactly(T0, T0 + 2000);
        assertThat(countSeries.values()).containsExactly(1e15, 3);
        assertThat(run.events()).containsExactly(
                new ScrapeEvent(B, T0 + 1000, ScrapeEvent.Kind.FAILED, "connection refused"));
    }

    @Test
    void aKilledCollectorsFilesReadBackUpToTheLastCompleteScrape() throws IOException {
        RunWriter writer = RunWriter.create(dir, RunMetadata.started(List.of(A), T0, 1000, List.of(), null, null));
        int id = writer.seriesId(SeriesKey.of(A, "hikaricp_connections_pending", Map.of("pool", "p")), 0);
        for (int i = 0; i < 200; i++) {
            writer.writeScrape(0, T0 + i * 1000L, new int[] {id}, new double[] {i % 7 + 0.5});
            writer.flush();
        }
        // No finish(): the process was killed. run.json has no end, the gzip stream no trailer.
        byte[] samples = Files.readAllBytes(dir.resolve(RunFiles.SAMPLES));
        Files.writeString(dir.resolve(RunFiles.SERIES), "{\"id\":1,\"target\":0,\"na", StandardOpenOption.APPEND);

        RunData whole = RunReader.read(dir);
        assertThat(whole.series()).hasSize(1);
        assertThat(whole.series().get(0).size()).isEqualTo(200);
        assertThat(whole.endMillis()).isEqualTo(T0 + 199_000);

        for (int cut : new int[] {samples.length - 1, samples.length - 7, samples.length / 2, 12}) {
            Files.write(dir.resolve(RunFiles.SAMPLES), Arrays.copyOf(samples, cut));
            // a series whose first sample was cut off is not in the run at all
            for (Series series : RunReader.read(dir).series()) {
                assertThat(series.size()).as("samples left after cutting at byte %d", cut).isBetween(1, 200);
                for (int i = 0; i < series.size(); i++) {
                    assertThat(series.timesMillis()[i]).isEqualTo(T0 + i * 1000L);
                    assertThat(series.values()[i]).isEqualTo(i % 7 + 0.5);
                }
            }
        }
        Files.write(dir.resolve(RunFiles.SAMPLES), Arrays.copyOf(samples, samples.length - 1));
        assertThat(RunReader.read(dir).series().get(0).size()).isGreaterThanOrEqualTo(199);
    }

    @Test
    void aRunFolderIsNeverOverwritten() throws IOException {
        RunWriter.create(dir, RunMetadata.started(List.of(A), T0, 1000, List.of(), null, null)).close();

        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                        RunWriter.create(dir, RunMetadata.started(List.of(A), T0, 1000, List.of(), null, null)))
                .hasMessageContaining("already holds a recorded run");
    }

    @Test
    void aResetEventOfARunRecordedBeforeIdentitiesStillReads() throws IOException {
        // given an events line as collectors wrote it for any counter that went down
        RunWriter.create(dir, RunMetadata.started(List.of(A), T0, 1000, List.of(), null, null)).close();
        Files.writeString(dir.resolve(RunFiles.EVENTS), "{\"target\":\"" + A + "\",\"timeMillis\":" + T0
                + ",\"kind\":\"RESET\",\"detail\":\"1 counter(s) went down, the target restarted: x_total 5.0 → 4.0\"}\n");

        // then it reads back as what it was, which the analysis no longer takes for a restart
        assertThat(RunReader.read(dir).events()).extracting(ScrapeEvent::kind).containsExactly(ScrapeEvent.Kind.RESET);
    }
}
