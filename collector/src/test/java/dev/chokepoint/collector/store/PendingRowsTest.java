package dev.chokepoint.collector.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Packing a block of scrapes at a time gives every series the samples it had, across blocks and changes of the present set. */
class PendingRowsTest {

    private static final String A = "http://127.0.0.1:1/metrics";
    private static final String B = "http://127.0.0.1:2/metrics";
    private static final long T0 = 1_764_450_000_000L;

    @TempDir
    Path dir;

    @Test
    void seriesThatComeAndGoMidBlockKeepTheirOwnSamples() throws IOException {
        RunWriter writer = RunWriter.create(dir, RunMetadata.started(List.of(A, B), T0, 1000, List.of(), null, null));
        int steady = writer.seriesId(SeriesKey.of(A, "jvm_threads_live_threads", Map.of()), 0);
        int gone = writer.seriesId(SeriesKey.of(A, "hikaricp_connections_active", Map.of()), 0);
        int other = writer.seriesId(SeriesKey.of(B, "process_cpu_usage", Map.of()), 1);
        List<Long> goneTimes = new ArrayList<>();
        List<Double> goneValues = new ArrayList<>();
        int late = -1;
        for (int i = 0; i < 150; i++) {
            long t = T0 + i * 1000L;
            boolean present = i < 70 || i >= 100;
            if (i == 130) {
                late = writer.seriesId(SeriesKey.of(A, "tomcat_threads_busy_threads", Map.of()), 0);
            }
            List<Integer> ids = new ArrayList<>(List.of(steady));
            List<Double> values = new ArrayList<>(List.of((double) i));
            if (present) {
                ids.add(gone);
                values.add(i * 0.5);
                goneTimes.add(t);
                goneValues.add(i * 0.5);
            }
            if (i >= 130) {
                ids.add(late);
                values.add(i + 0.25);
            }
            writer.writeScrape(0, t, ids.stream().mapToInt(Integer::intValue).toArray(),
                    values.stream().mapToDouble(Double::doubleValue).toArray());
            writer.writeScrape(1, t + 1, new int[] {other}, new double[] {i % 3 == 0 ? 0.125 : i});
        }
        writer.finish(RunReader.readMetadata(dir).ended(T0 + 150_000, 0, false));

        RunData run = RunReader.read(dir);

        Series steadySeries = run.named("jvm_threads_live_threads").get(0);
        assertThat(steadySeries.size()).isEqualTo(150);
        for (int i = 0; i < 150; i++) {
            assertThat(steadySeries.values()[i]).isEqualTo(i);
        }
        Series goneSeries = run.named("hikaricp_connections_active").get(0);
        assertThat(goneSeries.timesMillis()).containsExactly(goneTimes.stream().mapToLong(Long::longValue).toArray());
        assertThat(goneSeries.values()).containsExactly(goneValues.stream().mapToDouble(Double::doubleValue).toArray());
        Series lateSeries = run.named("tomcat_threads_busy_threads").get(0);
        assertThat(lateSeries.timesMillis()[0]).isEqualTo(T0 + 130_000);
        assertThat(lateSeries.values()).hasSize(20).startsWith(130.25).endsWith(149.25);
        Series otherSeries = run.named("process_cpu_usage").get(0);
        assertThat(otherSeries.size()).isEqualTo(150);
        assertThat(otherSeries.values()[3]).isEqualTo(0.125);
        assertThat(otherSeries.values()[149]).isEqualTo(149);
    }
}
