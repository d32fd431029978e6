package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.SeriesKey;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A timer split by one label (statement fingerprint, outbound host), reduced to one pick per grid
 * point: the label's mean latency in the window, its own mean over the baseline interval, the
 * ratio of the two (inflation), its share of the timer's total time, and its call rate.
 */
final class TimerByLabel {

    /** Fewer calls than this in a window say nothing about latency. */
    static final int MIN_CALLS = 3;

    enum Pick {
        /** The label that took most of the time (the statement dominating JDBC time). */
        LARGEST_SHARE,
        /** The label that slowed down most against its baseline (the dependency that degraded). */
        LARGEST_INFLATION
    }

    final String[] label;
    final double[] mean;
    final double[] baselineMean;
    final double[] inflation;
    final double[] share;
    final double[] rate;

    /** An empty pick of {@code n} points, filled by {@link #take} from others (several sources of one resource). */
    TimerByLabel(int n) {
        label = new String[n];
        mean = nan(n);
        baselineMean = nan(n);
        inflation = nan(n);
        share = nan(n);
        rate = nan(n);
    }

    /** Point {@code i} of {@code from}, its label shown as {@code name}. */
    void take(int i, TimerByLabel from, String name) {
        label[i] = name;
        mean[i] = from.mean[i];
        baselineMean[i] = from.baselineMean[i];
        inflation[i] = from.inflation[i];
        share[i] = from.share[i];
        rate[i] = from.rate[i];
    }

    TimerByLabel(TargetSeries in, String timer, String labelName, Baseline baseline, Pick pick) {
        this(in, timer, labelName, k -> true, baseline, pick);
    }

    /** Only the timer's series that {@code filter} admits (socket waits to peers that are not the database). */
    TimerByLabel(TargetSeries in, String timer, String labelName, Predicate<SeriesKey> filter, Baseline baseline, Pick pick) {
        this(in.grid().size());
        int n = in.grid().size();
        Map<String, double[]> sums = in.increaseBy(timer + "_sum", labelName, filter);
        Map<String, double[]> counts = in.increaseBy(timer + "_count", labelName, filter);
        List<String> labels = new ArrayList<>(sums.keySet());
        // Grouped in one pass over the series, not one pass a label (a thousand statements: a million visits).
        Map<String, Double> baseSums = in.increaseBetweenBy(timer + "_sum", labelName, filter, baseline.fromMillis(), baseline.toMillis());
        Map<String, Double> baseCounts = in.increaseBetweenBy(timer + "_count", labelName, filter, baseline.fromMillis(), baseline.toMillis());
        double[] base = new double[labels.size()];
        for (int l = 0; l < labels.size(); l++) {
            double s = baseSums.getOrDefault(labels.get(l), Double.NaN);
            double c = baseCounts.getOrDefault(labels.get(l), Double.NaN);
            base[l] = c >= MIN_CALLS ? s / c : Double.NaN;
        }
        double seconds = in.grid().windowSeconds();
        // Looked up once, not per point: a NaN array made per point and label cost minutes on an hour's run.
        double[] none = nan(n);
        double[][] countsOf = new double[labels.size()][];
        double[][] sumsOf = new double[labels.size()][];
        for (int l = 0; l < labels.size(); l++) {
            countsOf[l] = counts.getOrDefault(labels.get(l), none);
            sumsOf[l] = sums.get(labels.get(l));
        }
        for (int i = 0; i < n; i++) {
            pickAt(i, labels, sumsOf, countsOf, base, pick, seconds);
        }
    }

    /*
     * Point by point in a method of its own: the constructor runs once per timer and target, but
     * its loops made the JIT compile it whole at C2, with everything it calls inlined (near a
     * second of compilation twice an analysis); this small method is what is hot.
     */
    private void pickAt(int i, List<String> labels, double[][] sumsOf, double[][] countsOf, double[] base, Pick pick,
                        double seconds) {
        double total = 0;
        for (double[] s : sumsOf) {
            total += Double.isNaN(s[i]) ? 0 : s[i];
        }
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int l = 0; l < labels.size(); l++) {
            double s = sumsOf[l][i];
            double c = countsOf[l][i];
            if (!(c >= MIN_CALLS)) {
                continue;
            }
            double score = pick == Pick.LARGEST_SHARE ? s : (s / c) / base[l];
            if (score > bestScore) {
                bestScore = score;
                best = l;
            }
        }
        if (best < 0) {
            return;
        }
        double s = sumsOf[best][i];
        double c = countsOf[best][i];
        label[i] = labels.get(best);
        mean[i] = s / c;
        baselineMean[i] = base[best];
        inflation[i] = mean[i] / base[best];
        share[i] = total > 0 ? s / total : Double.NaN;
        rate[i] = c / seconds;
    }

    private static double[] nan(int n) {
        double[] a = new double[n];
        Arrays.fill(a, Double.NaN);
        return a;
    }
}
