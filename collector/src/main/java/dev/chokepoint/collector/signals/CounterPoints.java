package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;

import java.util.Arrays;

/**
 * One counter's values at the grid points asked for, remembered. Each step's traffic and costs ask
 * for the counter at its two ends, pass after pass (the judgement, the server's view, the costs),
 * each pass in time order: a point asked again is answered from memory, and a later one by walking
 * on from the last ({@link CounterTrack}), not from the run's start. The points remembered are a few
 * dozen (two a step and pass), kept in a small open-addressing table of primitives: a map of boxed
 * points and values was a tenth of analysing 20 targets × 1 000 series, asked millions of times.
 */
final class CounterPoints {

    private final Series series;
    private final long[] restarts;
    private final boolean bornDuringRun;
    private final Grid grid;
    /** Grid points asked for (-1: a free slot) and the counter there; a power of two long, never over half full. */
    private int[] points = free(16);
    private double[] values = new double[16];
    private int size;
    private CounterTrack track;
    private int trackPoint = -1;

    CounterPoints(Series series, long[] restarts, boolean bornDuringRun, Grid grid) {
        this.series = series;
        this.restarts = restarts;
        this.bornDuringRun = bornDuringRun;
        this.grid = grid;
    }

    /** The counter at grid point {@code point} (0 or more). */
    double at(int point) {
        int slot = slot(points, point);
        if (points[slot] == point) {
            return values[slot];
        }
        if (track == null || point < trackPoint) {
            track = new CounterTrack(series, restarts, bornDuringRun, grid.windowMillis());
        }
        trackPoint = point;
        double v = track.at(grid.time(point));
        remember(slot, point, v);
        return v;
    }

    /**
     * The counter at {@code point}, known already: read as the whole series was put on the grid
     * ({@link TargetSeries}), the same walk through the same samples that {@link #at} would make.
     */
    void know(int point, double value) {
        int slot = slot(points, point);
        if (points[slot] != point) {
            remember(slot, point, value);
        }
    }

    private void remember(int slot, int point, double value) {
        points[slot] = point;
        values[slot] = value;
        if (++size * 2 > points.length) {
            int[] oldPoints = points;
            double[] oldValues = values;
            points = free(oldPoints.length * 2);
            values = new double[points.length];
            for (int i = 0; i < oldPoints.length; i++) {
                if (oldPoints[i] >= 0) {
                    int to = slot(points, oldPoints[i]);
                    points[to] = oldPoints[i];
                    values[to] = oldValues[i];
                }
            }
        }
    }

    /** Where {@code point} is, or the free slot where it would go (linear probing). */
    private static int slot(int[] table, int point) {
        int mask = table.length - 1;
        int i = point * 0x9E3779B9 >>> 16 & mask;
        while (table[i] != point && table[i] >= 0) {
            i = i + 1 & mask;
        }
        return i;
    }

    private static int[] free(int length) {
        int[] table = new int[length];
        Arrays.fill(table, -1);
        return table;
    }
}
