package dev.chokepoint.collector.signals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

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

    TimerByLabel(TargetSeries in, String timer, String labelName, Baseline baseline, Pick pick) {
        int n = in.grid().size();
        label = new String[n];
        mean = nan(n);
        baselineMean = nan(n);
        inflation = nan(n);
        share = nan(n);
        rate = nan(n);
        Map<String, double[]> sums = in.increaseBy(timer + "_sum", labelName);
        Map<String, double[]> counts = in.increaseBy(timer + "_count", labelName);
        List<String> labels = new ArrayList<>(sums.keySet());
        double[] base = new double[labels.size()];
        for (int l = 0; l < labels.size(); l++) {
            String value = labels.get(l);
            double s = in.increaseBetween(timer + "_sum", k -> value.equals(String.valueOf(k.label(labelName))),
                    baseline.fromMillis(), baseline.toMillis());
            double c = in.increaseBetween(timer + "_count", k -> value.equals(String.valueOf(k.label(labelName))),
                    baseline.fromMillis(), baseline.toMillis());
            base[l] = c >= MIN_CALLS ? s / c : Double.NaN;
        }
        double seconds = in.grid().windowSeconds();
        for (int i = 0; i < n; i++) {
            double total = 0;
            for (double[] s : sums.values()) {
                total += Double.isNaN(s[i]) ? 0 : s[i];
            }
            int best = -1;
            double bestScore = Double.NEGATIVE_INFINITY;
            for (int l = 0; l < labels.size(); l++) {
                double s = sums.get(labels.get(l))[i];
                double c = counts.getOrDefault(labels.get(l), nan(n))[i];
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
                continue;
            }
            String chosen = labels.get(best);
            double s = sums.get(chosen)[i];
            double c = counts.get(chosen)[i];
            label[i] = chosen;
            mean[i] = s / c;
            baselineMean[i] = base[best];
            inflation[i] = mean[i] / base[best];
            share[i] = total > 0 ? s / total : Double.NaN;
            rate[i] = c / seconds;
        }
    }

    private static double[] nan(int n) {
        double[] a = new double[n];
        Arrays.fill(a, Double.NaN);
        return a;
    }
}
