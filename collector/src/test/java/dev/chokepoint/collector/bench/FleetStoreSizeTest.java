package dev.chokepoint.collector.bench;

import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.RunReader;
import dev.chokepoint.collector.store.Series;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What keeps a fleet's hour inside 512 MB of heap (docs/collector-scale.md): a synthetic fleet run
 * read back holds its values packed, well under the 8 bytes a sample doubles took, and its targets'
 * series share one time array. A size, not a time: the machine's speed does not move it.
 */
class FleetStoreSizeTest {

    @Test
    void aFleetRunIsHeldInFewerBytesThanDoubles(@TempDir Path dir) throws Exception {
        SyntheticRun.write(dir.resolve("run"), 2, 300, 600, 1, 1);
        RunData run = RunReader.read(dir.resolve("run"));

        long samples = run.series().stream().mapToLong(Series::size).sum();
        long bytes = run.series().stream().mapToLong(Series::packedBytes).sum();
        assertThat(samples).isEqualTo(2L * 300 * 600);
        // This run (noisy fractions every second in a third of its series: timer sums and maxima)
        // packs to ≈ 4.3 bytes a sample, the 20 × 1 000 run alike; doubles were 8. Below 6 leaves
        // room for the generator's mix and fails long before the store is back to doubles.
        assertThat((double) bytes / samples).isLessThan(6);
        for (String target : run.targets()) {
            assertThat(run.series().stream().filter(s -> s.key().target().equals(target))
                    .map(Series::timesMillis).distinct().count()).as("time arrays of %s", target).isEqualTo(1);
        }
    }
}
