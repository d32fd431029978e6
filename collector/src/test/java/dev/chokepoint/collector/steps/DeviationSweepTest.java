package dev.chokepoint.collector.steps;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

class DeviationSweepTest {

    @Test
    void everyPrefixAndSuffixCostsWhatTheDirectSumDoes() {
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            double[] v = new double[1 + random.nextInt(60)];
            for (int i = 0; i < v.length; i++) {
                // Requests in flight: whole numbers with repeats, and gaps where a scrape failed.
                v[i] = random.nextInt(8) == 0 ? Double.NaN : random.nextInt(12);
            }
            int from = random.nextInt(v.length);
            int to = from + random.nextInt(v.length - from + 1);
            double[] prefixes = DeviationSweep.prefixes(v, from, to);
            double[] suffixes = DeviationSweep.suffixes(v, from, to);
            for (int i = 0; i <= to - from; i++) {
                assertThat(prefixes[i]).as("prefix %d of %s", i, Arrays.toString(v)).isEqualTo(Double.valueOf(direct(v, from, from + i)));
                assertThat(suffixes[i]).as("suffix %d of %s", i, Arrays.toString(v)).isEqualTo(Double.valueOf(direct(v, to - i, to)));
            }
        }
    }

    @Test
    void fractionsCostWhatTheDirectSumDoesWithinRounding() {
        Random random = new Random(11);
        double[] v = random.doubles(500, 0, 40).toArray();
        double[] prefixes = DeviationSweep.prefixes(v, 0, v.length);
        for (int i = 1; i <= v.length; i++) {
            assertThat(prefixes[i]).isCloseTo(direct(v, 0, i), offset(1e-9));
        }
    }

    /** The definition: the known values' distances from the sorted known values' element at half their count. */
    private static double direct(double[] v, int from, int to) {
        double[] known = Arrays.stream(v, from, to).filter(x -> !Double.isNaN(x)).sorted().toArray();
        if (known.length == 0) {
            return Double.NaN;
        }
        double median = known[known.length / 2];
        return Arrays.stream(known).map(x -> Math.abs(x - median)).sum();
    }
}
