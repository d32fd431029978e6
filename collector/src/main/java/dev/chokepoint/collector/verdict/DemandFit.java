package dev.chokepoint.collector.verdict;

import java.util.List;
import java.util.Optional;

/**
 * U = U0 + D · X fitted to (throughput, utilization) points by least squares. The background U0
 * matters for CPU: a JVM burns CPU at zero load (JIT, GC, the agent's scrapes), and dividing it
 * by a low step's few requests inflates D. Where a line makes no physical sense (falling
 * utilization, negative background, or steps too close in throughput to tell slope from noise),
 * the caller chooses the fallback: the ratio of sums through the origin, the plain utilization law.
 */
record DemandFit(double perRps, double background) {

    /** Throughputs closer than this factor cannot separate the slope from step-to-step noise. */
    private static final double MIN_SPREAD = 1.5;

    /** The ratio of sums, no background; empty without points, or where any utilization is unknown or none. */
    static Optional<DemandFit> throughOrigin(List<double[]> points) {
        double sx = 0, su = 0;
        for (double[] p : points) {
            if (Double.isNaN(p[1]) || p[1] <= 0) {
                return Optional.empty();
            }
            sx += p[0];
            su += p[1];
        }
        return su > 0 ? Optional.of(new DemandFit(su / sx, 0)) : Optional.empty();
    }

    /**
     * The least-squares line only, no fallback: empty when the points cannot separate slope from
     * background or the line makes no physical sense. What a second, shared utilization (the
     * host's CPU) needs: through the origin, the neighbours' constant load would read as demand.
     */
    static Optional<DemandFit> fitted(List<double[]> points) {
        if (points.isEmpty()) {
            return Optional.empty();
        }
        double sx = 0, su = 0, sxx = 0, sxu = 0, minX = Double.MAX_VALUE, maxX = 0;
        for (double[] p : points) {
            sx += p[0];
            su += p[1];
            sxx += p[0] * p[0];
            sxu += p[0] * p[1];
            minX = Math.min(minX, p[0]);
            maxX = Math.max(maxX, p[0]);
        }
        int n = points.size();
        if (n >= 2 && maxX >= MIN_SPREAD * minX) {
            double slope = (n * sxu - sx * su) / (n * sxx - sx * sx);
            double intercept = (su - slope * sx) / n;
            if (slope > 0 && intercept >= 0 && intercept < 1) {
                return Optional.of(new DemandFit(slope, intercept));
            }
        }
        return Optional.empty();
    }

    double bound() {
        return (1 - background) / perRps;
    }
}
