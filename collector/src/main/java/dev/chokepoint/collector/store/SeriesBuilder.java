package dev.chokepoint.collector.store;

import java.util.Arrays;

/**
 * Collects one series' values while the samples file is read. Positions are scrape numbers of the
 * series' target; while the series is present in every scrape no positions are stored at all, and
 * at the end it shares its target's time array, which halves the memory of a long run.
 */
final class SeriesBuilder {

    private final SeriesKey key;
    private final int expectedSamples;
    private double[] values = new double[0];
    private int[] positions;
    private int firstPosition = -1;
    private int count;

    SeriesBuilder(SeriesKey key, int expectedSamples) {
        this.key = key;
        this.expectedSamples = expectedSamples;
    }

    void add(int position, double value) {
        if (count == 0) {
            // A series there from its target's first scrapes is most likely there to the end: size it
            // once. One that shows up later (a new route, an error status) may stay short: grow it.
            values = new double[position <= 1 ? expectedSamples : 16];
        }
        if (count == values.length) {
            values = Arrays.copyOf(values, count + (count >> 1) + 16);
        }
        if (count == 0) {
            firstPosition = position;
        } else if (positions == null && position != firstPosition + count) {
            positions = new int[values.length];
            for (int i = 0; i < count; i++) {
                positions[i] = firstPosition + i;
            }
        }
        if (positions != null) {
            if (positions.length < values.length) {
                positions = Arrays.copyOf(positions, values.length);
            }
            positions[count] = position;
        }
        values[count++] = value;
    }

    Series build(long[] targetTimes, int targetScrapes) {
        long[] times;
        if (positions == null && firstPosition <= 0 && count == targetScrapes) {
            times = targetTimes;
        } else {
            times = new long[count];
            for (int i = 0; i < count; i++) {
                times[i] = targetTimes[positions == null ? firstPosition + i : positions[i]];
            }
        }
        return new Series(key, times, count == values.length ? values : Arrays.copyOf(values, count));
    }
}
