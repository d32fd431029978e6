package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.ValueCursor;

import java.util.Arrays;

/**
 * One counter's reset-adjusted value at ascending instants ({@link SeriesSampler#counter} says how
 * it is read), found in a single walk through its packed samples that keeps only the two around the
 * instant. A step's increase needs the counter at two points: putting the whole series on the grid
 * for it (four arrays of the run's length, the values unpacked) was most of the analysis' work at
 * 20 targets × 1 000 series, read once per step and series.
 */
final class CounterTrack {

    private final long[] times;
    private final ValueCursor values;
    private final long[] restarts;
    private final boolean bornDuringRun;
    private final long windowMillis;
    private int read;
    /** Restart folding: what the counts before the last restart or dip add to the scraped value. */
    private double offset;
    private double lastScraped = Double.NaN;
    private long lastTime = Long.MIN_VALUE;
    private boolean hasBefore;
    private long beforeTime;
    private double before;
    private boolean hasAfter;
    private long afterTime;
    private double after;
    private boolean afterRestarted;

    CounterTrack(Series s, long[] restarts, boolean bornDuringRun, long windowMillis) {
        this.times = s.timesMillis();
        this.values = s.valueCursor();
        this.restarts = restarts;
        this.bornDuringRun = bornDuringRun;
        this.windowMillis = windowMillis;
        readAfter();
    }

    /** The counter at {@code time}; each call's time at or after the previous one's. */
    double at(long time) {
        while (hasAfter && afterTime <= time) {
            hasBefore = true;
            beforeTime = afterTime;
            before = after;
            readAfter();
        }
        if (!hasBefore) {
            return bornDuringRun ? 0 : Double.NaN;
        }
        if (hasAfter && (!afterRestarted || afterTime - beforeTime <= windowMillis)) {
            double share = (double) (time - beforeTime) / (afterTime - beforeTime);
            return before + share * (after - before);
        }
        return before;
    }

    /** The next finite sample, restarts folded in; none at the series' end. */
    private void readAfter() {
        hasAfter = false;
        while (read < times.length) {
            long t = times[read++];
            double x = values.next();
            // NaN/±Inf (a broken exposition, a gauge that failed) are not counts: skip them.
            if (Double.isFinite(x)) {
                boolean drop = !Double.isNaN(lastScraped) && x < lastScraped;
                afterRestarted = drop && restartedBetween(lastTime, t);
                if (afterRestarted) {
                    offset += lastScraped;
                } else if (drop) {
                    offset += lastScraped - x;
                }
                lastScraped = x;
                lastTime = t;
                afterTime = t;
                after = x + offset;
                hasAfter = true;
                return;
            }
        }
    }

    /** Whether a restart was recorded after {@code from}, up to and at {@code to}. */
    private boolean restartedBetween(long from, long to) {
        int i = Arrays.binarySearch(restarts, to);
        int last = i >= 0 ? i : -i - 2; // the last restart at or before to
        return last >= 0 && restarts[last] > from;
    }
}
