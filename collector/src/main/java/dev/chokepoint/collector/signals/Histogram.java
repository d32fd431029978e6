package dev.chokepoint.collector.signals;

import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Quantiles from cumulative bucket counts ({@code le} → count), the way Prometheus'
 * {@code histogram_quantile} does: find the bucket holding the rank and interpolate linearly in it.
 * The +Inf bucket has no upper bound, so a rank inside it answers the highest finite bound.
 */
public final class Histogram {

    private final NavigableMap<Double, Double> cumulative = new TreeMap<>();

    public void add(String le, double count) {
        add(bound(le), count);
    }

    /** Adds a bucket's count under its parsed bound ({@link #bound}); NaN (unknown) is left out. */
    public void add(double bound, double count) {
        if (!Double.isNaN(count)) {
            cumulative.merge(bound, count, Double::sum);
        }
    }

    /** The upper bound an {@code le} label names. */
    public static double bound(String le) {
        return "+Inf".equals(le) ? Double.POSITIVE_INFINITY : Double.parseDouble(le);
    }

    public double total() {
        return cumulative.isEmpty() ? 0 : cumulative.lastEntry().getValue();
    }

    public double quantile(double q) {
        double total = total();
        if (total <= 0) {
            return Double.NaN;
        }
        double rank = q * total;
        double lowerBound = 0;
        double lowerCount = 0;
        for (Map.Entry<Double, Double> e : cumulative.entrySet()) {
            if (e.getValue() >= rank) {
                if (e.getKey().isInfinite()) {
                    return lowerBound;
                }
                double inBucket = e.getValue() - lowerCount;
                double fraction = inBucket <= 0 ? 1 : (rank - lowerCount) / inBucket;
                return lowerBound + (e.getKey() - lowerBound) * fraction;
            }
            lowerBound = e.getKey().isInfinite() ? lowerBound : e.getKey();
            lowerCount = e.getValue();
        }
        return lowerBound;
    }
}
