package dev.chokepoint.collector.store;

import java.util.Arrays;
import java.util.List;

/**
 * One target's latest scrapes, held as rows until a block of them is packed series by series. A
 * scrape touches each of the target's series once: packed as it comes, every sample reached a
 * different series' bytes, scattered over the heap, and waited on memory (the packing was a third
 * of reading 20 targets × 1 000 series). Packed a block at a time, a series takes its next
 * {@link #ROWS} values while its bytes are at hand. What the series end up holding is the same.
 */
final class PendingRows {

    /** Scrapes held per target: 64 × 1 000 series × 8 bytes, half a megabyte. */
    private static final int ROWS = 64;

    private final List<SeriesBuilder> builders;
    private final int[] positions = new int[ROWS];
    private int[] ids = new int[0];
    private double[] values = new double[0];
    private int rows;

    PendingRows(List<SeriesBuilder> builders) {
        this.builders = builders;
    }

    /** The scrape at {@code position}: the series {@code ids} (a target's present set, ascending), their values in {@code current}. */
    void add(int position, int[] ids, double[] current) {
        if (ids != this.ids) {
            // The target's present series changed: the rows so far are packed under the set they had.
            flush();
            this.ids = ids;
            if (values.length < ROWS * ids.length) {
                values = new double[ROWS * ids.length];
            }
        }
        int n = ids.length;
        int row = rows * n;
        for (int j = 0; j < n; j++) {
            values[row + j] = current[ids[j]];
        }
        positions[rows++] = position;
        if (rows == ROWS) {
            flush();
        }
    }

    void flush() {
        int n = ids.length;
        if (rows > 0) {
            for (int j = 0; j < n; j++) {
                builders.get(ids[j]).addRows(positions, values, n, j, rows);
            }
        }
        rows = 0;
    }
}
