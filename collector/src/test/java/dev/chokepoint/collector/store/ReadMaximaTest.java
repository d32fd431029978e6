package dev.chokepoint.collector.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class ReadMaximaTest {

    private static final String A = "http://127.0.0.1:1/metrics";
    private static final long T0 = 1_764_450_000_000L;

    @TempDir
    Path dir;

    @Test
    void aTimersMaximumNoSignalReadsIsLeftOutAndEveryOtherSeriesKeptWhole() throws IOException {
        RunWriter writer = RunWriter.create(dir, RunMetadata.started(List.of(A), T0, 1000, List.of(), null, null));
        Map<String, String> q = Map.of("query", "select ?");
        int count = writer.seriesId(SeriesKey.of(A, "chokepoint_jdbc_query_seconds_count", q), 0);
        int max = writer.seriesId(SeriesKey.of(A, "chokepoint_jdbc_query_seconds_max", q), 0);
        int acquireCount = writer.seriesId(SeriesKey.of(A, "hikaricp_connections_acquire_seconds_count", Map.of()), 0);
        int acquireMax = writer.seriesId(SeriesKey.of(A, "hikaricp_connections_acquire_seconds_max", Map.of()), 0);
        // A gauge whose name ends in _max without a timer beside it.
        int poolMax = writer.seriesId(SeriesKey.of(A, "hikaricp_connections_max", Map.of()), 0);
        for (int i = 0; i < 5; i++) {
            writer.writeScrape(0, T0 + i * 1000L, new int[] {count, max, acquireCount, acquireMax, poolMax},
                    new double[] {i, 0.001 * i + 0.0003, 2 * i, 0.01 * i, 10});
        }
        writer.finish(RunReader.readMetadata(dir).ended(T0 + 5000, 0, false));

        RunData read = RunReader.read(dir, Set.of("hikaricp_connections_acquire_seconds_max"));

        assertThat(read.named("chokepoint_jdbc_query_seconds_max")).isEmpty();
        assertThat(read.named("hikaricp_connections_acquire_seconds_max").get(0).values())
                .containsExactly(0, 0.01, 0.02, 0.03, 0.04);
        assertThat(read.named("hikaricp_connections_max").get(0).values()).containsExactly(10, 10, 10, 10, 10);
        assertThat(read.named("chokepoint_jdbc_query_seconds_count").get(0).values()).containsExactly(0, 1, 2, 3, 4);
        assertThat(RunReader.read(dir).named("chokepoint_jdbc_query_seconds_max")).hasSize(1);
    }
}
