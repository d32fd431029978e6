package dev.chokepoint.collector.report;

import java.util.List;

/**
 * Timelines for the HTML charts, already thinned to at most {@link #MAX_POINTS} points (each the
 * mean of the grid points it covers) so a long run stays a small page.
 */
public record Charts(long[] timesMillis, double[] requestRate, double[] latencyP95, List<ResourceSeries> resources) {

    public static final int MAX_POINTS = 600;

    /** Utilization (0..1) and saturation (the rule's own scale) of one resource over time. */
    public record ResourceSeries(String resource, String name, double[] utilization, double[] saturation) {
    }

    /** Averages consecutive points so that at most {@link #MAX_POINTS} remain. */
    public static double[] thin(double[] v) {
        int stride = stride(v.length);
        double[] out = new double[(v.length + stride - 1) / stride];
        for (int o = 0; o < out.length; o++) {
            double sum = 0;
            int n = 0;
            for (int i = o * stride; i < Math.min(v.length, (o + 1) * stride); i++) {
                if (!Double.isNaN(v[i])) {
                    sum += v[i];
                    n++;
                }
            }
            out[o] = n == 0 ? Double.NaN : sum / n;
        }
        return out;
    }

    public static long[] thin(long[] t) {
        int stride = stride(t.length);
        long[] out = new long[(t.length + stride - 1) / stride];
        for (int o = 0; o < out.length; o++) {
            out[o] = t[Math.min(t.length - 1, o * stride + stride / 2)];
        }
        return out;
    }

    private static int stride(int n) {
        return Math.max(1, (n + MAX_POINTS - 1) / MAX_POINTS);
    }
}
