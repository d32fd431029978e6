package dev.chokepoint.collector.store;

import java.util.Arrays;

/**
 * Collects one series' values while the samples file is read, packed as they come
 * ({@link PackedValues}): the raw doubles of every series are never held at once. Positions are
 * scrape numbers of the series' target; while the series is present in every scrape no positions
 * are stored at all, and at the end it shares its target's time array.
 */
final class SeriesBuilder {

    private final SeriesKey key;
    private final int expectedSamples;
    private PackedValues values;
    private int[] positions;
    private int firstPosition = -1;
    private int count;

    SeriesBuilder(SeriesKey key, int expectedSamples) {
        this.key = key;
        this.expectedSamples = expectedSamples;
    }

    SeriesKey key() {
        return key;
    }

    /**
     * The values of {@code scrapes} scrapes at {@code positions} (ascending): scrape r's value is
     * {@code table[r * stride + column]}. A series that continues where it stopped, with no scrape
     * missed in between (ascending positions: the first and last tell), has them packed in one go;
     * else they are added one by one.
     */
    void addRows(int[] positions, double[] table, int stride, int column, int scrapes) {
        if (count > 0 && this.positions == null && positions[0] == firstPosition + count
                && positions[scrapes - 1] == positions[0] + scrapes - 1) {
            values.addEvery(table, column, stride, scrapes);
            count += scrapes;
            return;
        }
        for (int r = 0; r < scrapes; r++) {
            add(positions[r], table[r * stride + column]);
        }
    }

    void add(int position, double value) {
        if (count == 0) {
            // A series there from its target's first scrapes is most likely there to the end: a
            // byte a sample is what most take packed. One that shows up later may stay short.
            values = new PackedValues(position <= 1 ? expectedSamples : 16);
            firstPosition = position;
        } else if (positions == null && position != firstPosition + count) {
            positions = new int[Math.max(16, count * 2)];
            for (int i = 0; i < count; i++) {
                positions[i] = firstPosition + i;
            }
        }
        if (positions != null) {
            if (count == positions.length) {
                positions = Arrays.copyOf(positions, count + (count >> 1) + 16);
            }
            positions[count] = position;
        }
        values.add(value);
        count++;
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
        return new Series(key, times, count == 0 ? new PackedValues(0) : values.trimmed());
    }
}
