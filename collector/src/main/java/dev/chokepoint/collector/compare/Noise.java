package dev.chokepoint.collector.compare;

import dev.chokepoint.collector.compare.CompareModel.Change;
import dev.chokepoint.collector.compare.CompareModel.Metric;

import java.util.List;

/**
 * Judges a change against the runs' own noise: how far the same number moved between the
 * compared steps of one run ((max − min) / mean), the larger of the two runs, never below a
 * floor (a run with one compared step shows no spread, which is not the same as no noise).
 */
record Noise(double floor) {

    /** The runs' per-request figures (requests-weighted over the compared steps), judged against their step-to-step spread. */
    Metric judge(RunSummary.Cost base, RunSummary.Cost now, boolean higherIsBetter) {
        double noise = Math.max(floor, Math.max(spread(base.perStep()), spread(now.perStep())));
        return judge(base.perRequest(), now.perRequest(), noise, higherIsBetter);
    }

    static Metric judge(double b, double n, double noise, boolean higherIsBetter) {
        if (Double.isNaN(b) || Double.isNaN(n)) {
            return new Metric(b, n, Double.NaN, noise, Change.UNKNOWN);
        }
        double change = b == 0 ? (n == 0 ? 0 : Double.POSITIVE_INFINITY) : (n - b) / b;
        // Two small times, both under a microsecond, are the same: no relative change is news.
        if (Math.abs(n - b) < 1e-6 && Math.max(Math.abs(b), Math.abs(n)) < 1e-6) {
            return new Metric(b, n, 0, noise, Change.NOISE);
        }
        if (Math.abs(change) <= noise) {
            return new Metric(b, n, change, noise, Change.NOISE);
        }
        return new Metric(b, n, change, noise, (change > 0) == higherIsBetter ? Change.BETTER : Change.WORSE);
    }

    static double mean(List<Double> values) {
        return values.stream().filter(v -> !Double.isNaN(v)).mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    static double spread(List<Double> values) {
        List<Double> known = values.stream().filter(v -> !Double.isNaN(v)).toList();
        if (known.size() < 2) {
            return 0;
        }
        double max = known.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double min = known.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double mean = mean(known);
        return mean > 0 ? (max - min) / mean : 0;
    }
}
