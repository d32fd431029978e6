package dev.chokepoint.collector.steps;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits a rate plateau where the requests in flight jump: once a service is at its capacity, two
 * steps with different offers complete the same rate, but the load tool's concurrency (and the
 * queue in the server) still rises at the step's edge. Binary segmentation on the in-flight
 * series: the cut with the largest jump between the medians of both sides, kept when the jump is
 * clear ({@link #MIN_RELATIVE_JUMP} of the higher level and {@link #MIN_JUMP} requests) and larger
 * than the spread inside either side, then each side again.
 */
final class InFlightSplit {

    /**
     * A recorded pool run at capacity went from 24 to 30 in flight (+20 %) between its 120 and 150
     * RPS steps, a lock-bound service from 16 to 30; within a step the median moves by a few %.
     */
    static final double MIN_RELATIVE_JUMP = 0.12;
    static final double MIN_JUMP = 2;

    private InFlightSplit() {
    }

    /** Sub-ranges of {@code [from, to)}, each at least {@code minLength} points; the whole range when none is clear. */
    static List<int[]> split(double[] inFlight, int from, int to, int minLength) {
        List<int[]> out = new ArrayList<>();
        split(inFlight, from, to, minLength, out);
        return out;
    }

    /**
     * Levels of constant in-flight requests that no rate plateau covers (a noisy rate at capacity
     * can leave a whole step without a plateau while the load tool's concurrency stays level):
     * their parts outside the given ranges, at least {@code minLength} long, with requests
     * completing.
     */
    static List<int[]> uncovered(double[] inFlight, double[] rates, List<int[]> covered, int minLength) {
        List<int[]> out = new ArrayList<>();
        for (int[] level : split(inFlight, 0, inFlight.length, minLength)) {
            int start = -1;
            for (int i = level[0] + 1; i <= level[1] - 1; i++) {
                boolean free = i < level[1] - 1 && !inside(i, covered) && !Double.isNaN(inFlight[i]);
                if (free && start < 0) {
                    start = i;
                } else if (!free && start >= 0) {
                    if (i - start >= minLength && median(inFlight, start, i) >= 1
                            && Arrays.stream(rates, start, i).average().orElse(0) > 0) {
                        out.add(new int[] {start, i});
                    }
                    start = -1;
                }
            }
        }
        return out;
    }

    private static boolean inside(int i, List<int[]> ranges) {
        for (int[] r : ranges) {
            if (i >= r[0] - 1 && i <= r[1]) {
                return true;
            }
        }
        return false;
    }

    private static void split(double[] v, int from, int to, int minLength, List<int[]> out) {
        int best = -1;
        double bestJump = 0;
        for (int cut = from + minLength; cut <= to - minLength; cut++) {
            double left = median(v, from, cut);
            double right = median(v, cut, to);
            double jump = Math.abs(right - left);
            if (!Double.isNaN(jump) && jump > bestJump) {
                bestJump = jump;
                best = cut;
            }
        }
        if (best < 0 || !clear(v, from, best, to, bestJump)) {
            out.add(new int[] {from, to});
            return;
        }
        // The samples at the edge straddle both levels.
        split(v, from, best - 1, minLength, out);
        split(v, best + 1, to, minLength, out);
    }

    private static boolean clear(double[] v, int from, int cut, int to, double jump) {
        double high = Math.max(median(v, from, cut), median(v, cut, to));
        return jump >= MIN_JUMP && jump >= MIN_RELATIVE_JUMP * high
                && jump > spread(v, from, cut) && jump > spread(v, cut, to);
    }

    /** Interquartile range of the known values in {@code [from, to)}. */
    private static double spread(double[] v, int from, int to) {
        double[] s = known(v, from, to);
        return s.length < 4 ? 0 : s[(3 * s.length) / 4] - s[s.length / 4];
    }

    private static double median(double[] v, int from, int to) {
        double[] s = known(v, from, to);
        return s.length == 0 ? Double.NaN : s[s.length / 2];
    }

    private static double[] known(double[] v, int from, int to) {
        return Arrays.stream(v, from, to).filter(x -> !Double.isNaN(x)).sorted().toArray();
    }
}
