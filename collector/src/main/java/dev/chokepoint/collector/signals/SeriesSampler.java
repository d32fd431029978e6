package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;

import java.util.Arrays;

/**
 * Puts one recorded series on the grid. Gauges: mean of the samples inside each window, or the
 * last sample if it is recent enough (a gauge holds between scrapes), else NaN. Counters:
 * cumulative value at each point with restarts folded in (the new process counted again from
 * zero), so that differences between points are increases.
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
     * Reset-adjusted cumulative counter at each grid point, interpolated between the samples on
     * either side of it. Interpolation keeps a window's increase to the window's own length when
     * scrapes come late or irregularly (a CPU-saturated target answers after 0.5-2.3 s): held
     * values made a 5 s window span anywhere from 3 to 7 s of counting. Over a gap longer than a
     * window the counter is interpolated too when the sample after it continues the count: the
     * process lived through the gap and counted its increase there, so spreading it evenly is the
     * gap's time-integrated truth (what a CPU counter's use over the gap is), where holding it made
     * the gap read as no work at all. cpu-starved's step 3 (120 CPU-bound requests on 2 cores, its
     * endpoint unanswered for 8-19 s on a loaded host) read as idle and no CPU rule could hold.
     * Where the count starts again from zero after the gap (the target restarted: it was down, not
     * slow), the value holds until that sample.
     * A drop is a restart only where the recording saw the process change ({@code restarts}: the
     * times of the target's RESTART events, ascending); there the new value is the increase. A
     * drop in a live process (the agent's core-wait counter dipped about once a second on virtual
     * threads) counts nothing: read as a restart, its whole value (all the waiting since start)
     * landed in one window. Counting nothing errs by the dip's size at most, and a restart that
     * went unseen (a Prometheus source records no restarts) loses only what the new process counted
     * before its first scrape.
     * Before the first sample the value is 0 when the series was born during the run
     * ({@code bornDuringRun}: Micrometer creates a timer on first use, so its first scraped value
     * already counts requests of this run), else NaN (we do not know what was counted before
     * recording started). Written into {@code out} (the grid's size): a target's every counter is
     * put on the grid in turn, and a new array each was a gigabyte of garbage at 20 × 1 000 series.
     */
    static void counter(Series s, Grid grid, boolean bornDuringRun, long[] restarts, double[] out) {
        CounterTrack track = new CounterTrack(s, restarts, bornDuringRun, grid.windowMillis());
        for (int i = 0; i < grid.size(); i++) {
            out[i] = track.at(grid.time(i));
        }
    }
}
