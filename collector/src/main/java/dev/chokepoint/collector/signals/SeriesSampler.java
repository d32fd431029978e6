package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;

import java.util.Arrays;

/**
 * Puts one recorded series on the grid. Gauges: mean of the samples inside each window, or the
 * last sample if it is recent enough (a gauge holds between scrapes), else NaN. Counters:
 * cumulative value at each point with resets folded in (a drop means the target restarted and
 * counted again from zero), so that differences between points are increases.
 */
final class SeriesSampler {

    /** A gauge sample older than this many windows is not carried forward: the series went away. */
    private static final int STALE_WINDOWS = 2;

    private SeriesSampler() {
    }

    static double[] gauge(Series s, Grid grid) {
        double[] out = new double[grid.size()];
        Arrays.fill(out, Double.NaN);
        long[] t = s.timesMillis();
        double[] v = s.values();
        int j = 0;
        for (int i = 0; i < grid.size(); i++) {
            long end = grid.time(i);
            long start = end - grid.windowMillis();
            while (j < t.length && t[j] <= end) {
                j++;
            }
            // samples [0, j) are at or before end; average those inside the window
            double sum = 0;
            int n = 0;
            for (int k = j - 1; k >= 0 && t[k] > start; k--) {
                if (Double.isFinite(v[k])) {
                    sum += v[k];
                    n++;
                }
            }
            if (n > 0) {
                out[i] = sum / n;
            } else if (j > 0 && Double.isFinite(v[j - 1]) && end - t[j - 1] <= STALE_WINDOWS * grid.windowMillis()) {
                out[i] = v[j - 1];
            }
        }
        return out;
    }

    /**
     * Reset-adjusted cumulative counter at each grid point. Before the first sample the value is
     * 0 when the series was born during the run ({@code bornDuringRun}: Micrometer creates a
     * timer on first use, so its first scraped value already counts requests of this run), else
     * NaN (we do not know what was counted before recording started).
     */
    static double[] counter(Series s, Grid grid, boolean bornDuringRun) {
        double[] out = new double[grid.size()];
        long[] t = s.timesMillis();
        double[] v = s.values();
        double offset = 0;
        double prev = Double.NaN;
        double adjusted = bornDuringRun ? 0 : Double.NaN;
        int j = 0;
        for (int i = 0; i < grid.size(); i++) {
            long end = grid.time(i);
            while (j < t.length && t[j] <= end) {
                double x = v[j];
                // NaN/±Inf (a broken exposition, a gauge that failed) are not counts: skip them.
                if (Double.isFinite(x)) {
                    if (!Double.isNaN(prev) && x < prev) {
                        offset += prev;
                    }
                    prev = x;
                    adjusted = x + offset;
                }
                j++;
            }
            out[i] = adjusted;
        }
        return out;
    }
}
