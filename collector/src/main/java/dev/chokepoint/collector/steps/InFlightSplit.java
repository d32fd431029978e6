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
    static final double MIN_JUMP = 1;
    /** Samples between a range and a stretch at its level that still make them one: the edge samples straddling a change. */
    private static final int MAX_GAP = 2;

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
     * completing. A part next to a range (within {@link #MAX_GAP} samples) at the same level is
     * that range's own load: the range is stretched over it (in place) instead. plain-tomcat-lock's
     * 25 RPS step held 4 then 5 requests as the lock slowed it; its second half, uncovered by the
     * rate's plateau (the rate turned noisy), read as a step of its own at 19 RPS, and before
     * that as no step at all.
     */
    static List<int[]> uncovered(double[] inFlight, double[] rates, List<int[]> covered, int minLength,
                                 List<Join> joins) {
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
                        int[] part = {start, i};
                        int[] owner = sameLevelNeighbour(inFlight, part, covered);
                        if (owner == null) {
                            out.add(part);
                        } else {
                            joins.add(new Join(owner, owner[0], owner[1], part[0], part[1]));
                            owner[0] = Math.min(owner[0], part[0]);
                            owner[1] = Math.max(owner[1], part[1]);
                        }
                    }
                    start = -1;
                }
            }
        }
        return out;
    }

    /**
     * A stretch {@code [from, to)} joined to the range {@code owner}, which held {@code [ownFrom,
     * ownTo)} before it (the range itself is stretched in place).
     */
    record Join(int[] owner, int ownFrom, int ownTo, int from, int to) {

        /** The owner's and the stretch's median requests in flight: the levels found too close to tell apart. */
        double[] levels(double[] inFlight) {
            return new double[] {median(inFlight, ownFrom, ownTo), median(inFlight, from, to)};
        }
    }

    /** The range within {@link #MAX_GAP} samples of {@code part} whose in-flight level is not clearly another (null: none). */
    private static int[] sameLevelNeighbour(double[] v, int[] part, List<int[]> ranges) {
        for (int[] r : ranges) {
            boolean near = part[0] - r[1] <= MAX_GAP && r[0] - part[1] <= MAX_GAP;
            if (near && !clear(v, r[0], r[1], part[0], part[1])) {
                return r;
            }
        }
        return null;
    }

    private static boolean inside(int i, List<int[]> ranges) {
        for (int[] r : ranges) {
            if (i >= r[0] - 1 && i <= r[1]) {
                return true;
            }
        }
        return false;
    }

    /**
     * The cut is where both sides sit closest to their own medians (least absolute deviation),
     * not where the medians differ most: a level change a few samples from the range's end gives
     * the same median jump at every cut before it, and the first of those left the executor
     * scenario's 16 → 30 in flight on one side, whose spread then hid the jump.
     */
    private static void split(double[] v, int from, int to, int minLength, List<int[]> out) {
        int best = -1;
        double bestCost = Double.POSITIVE_INFINITY;
        double[] left = DeviationSweep.prefixes(v, from, to);
        double[] right = DeviationSweep.suffixes(v, from, to);
        for (int cut = from + minLength; cut <= to - minLength; cut++) {
            double cost = left[cut - from] + right[to - cut];
            if (!Double.isNaN(cost) && cost < bestCost) {
                bestCost = cost;
                best = cut;
            }
        }
        if (best < 0 || !clear(v, from, best, best, to)) {
            out.add(new int[] {from, to});
            return;
        }
        // The samples at the edge straddle both levels.
        split(v, from, best - 1, minLength, out);
        split(v, best + 1, to, minLength, out);
    }

    /** Whether the levels of {@code [a, aEnd)} and {@code [b, bEnd)} clearly differ (see the class comment). */
    private static boolean clear(double[] v, int a, int aEnd, int b, int bEnd) {
        double left = median(v, a, aEnd);
        double right = median(v, b, bEnd);
        double jump = Math.abs(right - left);
        return jump >= MIN_JUMP && jump >= MIN_RELATIVE_JUMP * Math.max(left, right)
                && jump > spread(v, a, aEnd) && jump > spread(v, b, bEnd);
    }

    /** Interquartile range of the known values in {@code [from, to)}. */
    private static double spread(double[] v, int from, int to) {
        double[] s = known(v, from, to);
        return s.length < 4 ? 0 : s[(3 * s.length) / 4] - s[s.length / 4];
    }

    static double median(double[] v, int from, int to) {
        double[] s = known(v, from, to);
        return s.length == 0 ? Double.NaN : s[s.length / 2];
    }

    private static double[] known(double[] v, int from, int to) {
        return Arrays.stream(v, from, to).filter(x -> !Double.isNaN(x)).sorted().toArray();
    }
}
