package dev.chokepoint.collector.steps;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds the intervals of constant offered load in a request-rate series. The rate is smoothed by
 * a running median (which keeps the edges of a stair sharp while ignoring single-sample spikes);
 * a new level starts when the smoothed rate leaves the current level's tolerance for a few
 * samples in a row. Segments shorter than the minimum plateau are ramps or transitions and are
 * <b>excluded</b>: a step is by definition constant load, and a ramp's mix of loads would blur the
 * relation between load and utilization that the verdicts and the knee rest on. Idle stretches
 * (no requests) are excluded too.
 */
public final class PlateauDetector {

    /** A detected interval of constant load; {@code endMillis} exclusive. */
    public record Plateau(long startMillis, long endMillis, double meanRate) {
    }

    private static final int MEDIAN_RADIUS = 2;
    private static final double RELATIVE_TOLERANCE = 0.1;
    private static final double IDLE_RATE = 0.05;

    private final long confirmMillis;
    private final long minPlateauMillis;

    public PlateauDetector(long confirmMillis, long minPlateauMillis) {
        this.confirmMillis = confirmMillis;
        this.minPlateauMillis = minPlateauMillis;
    }

    /** Defaults for stairs of 10 s and more sampled every second: 3 s to confirm a change, 6 s minimum plateau. */
    public static PlateauDetector defaults() {
        return new PlateauDetector(3_000, 6_000);
    }

    /** The shortest stretch of constant load that is a step. */
    long minPlateauMillis() {
        return minPlateauMillis;
    }

    /** The minimum plateau in samples of {@code sampleMillis}. */
    int minPlateauPoints(long sampleMillis) {
        return (int) Math.max(3, Math.ceil((double) minPlateauMillis / sampleMillis));
    }

    /**
     * Tolerance around a level: 10 %, but never below the Poisson noise of counting requests over
     * one sample (1.5 standard deviations), so that 20 RPS jittering by ±5 is still one level.
     */
    static double tolerance(double level, double sampleSeconds) {
        return Math.max(RELATIVE_TOLERANCE * level, Math.max(1.5 * Math.sqrt(Math.max(level, 0) / sampleSeconds), 0.5));
    }

    /**
     * {@code rates[i]} is the rate (per second) over {@code [start + i·sample, start + (i+1)·sample)}.
     * A plateau's rate is the mean of the smoothed rate, so that one burst does not move it.
     */
    public List<Plateau> detect(long startMillis, long sampleMillis, double[] rates) {
        int confirm = (int) Math.max(2, Math.ceil((double) confirmMillis / sampleMillis));
        int minLength = minPlateauPoints(sampleMillis);
        double sampleSeconds = sampleMillis / 1000.0;
        double[] smooth = runningMedian(rates);
        List<int[]> segments = segment(smooth, confirm, sampleSeconds);
        List<int[]> kept = new ArrayList<>();
        for (int k = 0; k < segments.size(); k++) {
            int[] segment = segments.get(k);
            double previousLevel = k > 0 ? mean(smooth, segments.get(k - 1)[0], segments.get(k - 1)[1]) : Double.NaN;
            double nextLevel = k + 1 < segments.size()
                    ? mean(smooth, segments.get(k + 1)[0], segments.get(k + 1)[1]) : Double.NaN;
            int[] core = trimToLevel(smooth, segment[0], segment[1], previousLevel, nextLevel, sampleSeconds);
            int from = core[0];
            int to = core[1];
            if (to - from >= minLength + 2) {
                // the samples on each edge straddle two levels
                from++;
                to--;
            }
            if (to - from >= minLength && mean(smooth, from, to) >= IDLE_RATE
                    && !isRamp(smooth, from, to, sampleSeconds)) {
                kept.add(new int[] {from, to});
            }
        }
        List<int[]> merged = mergeEqualNeighbours(kept, smooth, confirm * 2, sampleSeconds);
        List<Plateau> plateaus = new ArrayList<>();
        for (int[] range : merged) {
            plateaus.add(new Plateau(startMillis + range[0] * sampleMillis, startMillis + range[1] * sampleMillis,
                    mean(smooth, range[0], range[1])));
        }
        return plateaus;
    }

    private static List<int[]> segment(double[] smooth, int confirm, double sampleSeconds) {
        List<int[]> segments = new ArrayList<>();
        if (smooth.length == 0) {
            return segments;
        }
        int start = 0;
        double sum = smooth[0];
        int count = 1;
        int deviating = 0;
        for (int i = 1; i < smooth.length; i++) {
            double level = sum / count;
            if (Math.abs(smooth[i] - level) > tolerance(level, sampleSeconds)) {
                deviating++;
                if (deviating >= confirm) {
                    int cut = i - deviating + 1;
                    // A ramp starts leaving the level before it leaves the tolerance: cut where it began.
                    double tolerance = tolerance(level, sampleSeconds);
                    double direction = Math.signum(smooth[i] - level);
                    while (cut - 1 > start && Math.signum(smooth[cut - 1] - level) == direction
                            && Math.abs(smooth[cut - 1] - level) > tolerance / 2) {
                        cut--;
                    }
                    segments.add(new int[] {start, cut});
                    start = cut;
                    sum = 0;
                    count = 0;
                    for (int j = cut; j <= i; j++) {
                        sum += smooth[j];
                        count++;
                    }
                    deviating = 0;
                }
            } else {
                deviating = 0;
                sum += smooth[i];
                count++;
            }
        }
        segments.add(new int[] {start, smooth.length});
        return segments;
    }

    /**
     * A segment may begin or end on the tail of a ramp that stayed within the tolerance of its
     * level: drop edge samples further than half the tolerance from the segment's median, on the
     * side of the neighbouring level (noise away from the neighbour is not a ramp and stays).
     */
    private static int[] trimToLevel(double[] smooth, int from, int to, double previousLevel, double nextLevel,
                                     double sampleSeconds) {
        if (to - from < 3) {
            return new int[] {from, to};
        }
        double[] sorted = Arrays.copyOfRange(smooth, from, to);
        Arrays.sort(sorted);
        double median = sorted[sorted.length / 2];
        double limit = tolerance(median, sampleSeconds) / 2;
        while (to - from > 1 && towards(smooth[from], median, previousLevel, limit)) {
            from++;
        }
        while (to - from > 1 && towards(smooth[to - 1], median, nextLevel, limit)) {
            to--;
        }
        return new int[] {from, to};
    }

    private static boolean towards(double value, double median, double neighbour, double limit) {
        return !Double.isNaN(neighbour) && Math.abs(value - median) > limit
                && Math.signum(value - median) == Math.signum(neighbour - median);
    }

    /**
     * A slow ramp creeps out of the tolerance bit by bit and can leave segments as long as a short
     * plateau. It shows as a clear trend inside the segment: a regression slope that moves the rate
     * by more than half the tolerance across the segment and is far beyond its standard error (6
     * standard errors, as the median-smoothed samples are correlated).
     */
    static boolean isRamp(double[] smooth, int from, int to, double sampleSeconds) {
        int n = to - from;
        double meanX = (n - 1) / 2.0;
        double meanY = mean(smooth, from, to);
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (i - meanX) * (i - meanX);
            sxy += (i - meanX) * (smooth[from + i] - meanY);
        }
        double slope = sxy / sxx;
        double residuals = 0;
        for (int i = 0; i < n; i++) {
            double residual = smooth[from + i] - meanY - slope * (i - meanX);
            residuals += residual * residual;
        }
        double standardError = Math.sqrt(residuals / Math.max(1, n - 2) / sxx);
        boolean large = Math.abs(slope) * n > tolerance(meanY, sampleSeconds) / 2;
        return large && Math.abs(slope) > 6 * standardError;
    }

    /** A noise burst can split one level in two; join plateaus that are close in time and in rate. */
    private static List<int[]> mergeEqualNeighbours(List<int[]> ranges, double[] rates, int maxGap,
                                                    double sampleSeconds) {
        List<int[]> merged = new ArrayList<>();
        for (int[] range : ranges) {
            if (!merged.isEmpty()) {
                int[] last = merged.get(merged.size() - 1);
                double a = mean(rates, last[0], last[1]);
                double b = mean(rates, range[0], range[1]);
                if (range[0] - last[1] <= maxGap && Math.abs(a - b) <= tolerance(Math.max(a, b), sampleSeconds) / 2) {
                    last[1] = range[1];
                    continue;
                }
            }
            merged.add(range.clone());
        }
        return merged;
    }

    static double[] runningMedian(double[] values) {
        double[] result = new double[values.length];
        double[] window = new double[2 * MEDIAN_RADIUS + 1];
        for (int i = 0; i < values.length; i++) {
            int from = Math.max(0, i - MEDIAN_RADIUS);
            int to = Math.min(values.length, i + MEDIAN_RADIUS + 1);
            int n = to - from;
            System.arraycopy(values, from, window, 0, n);
            Arrays.sort(window, 0, n);
            result[i] = n % 2 == 1 ? window[n / 2] : (window[n / 2 - 1] + window[n / 2]) / 2;
        }
        return result;
    }

    static double mean(double[] values, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return to > from ? sum / (to - from) : 0;
    }
}
