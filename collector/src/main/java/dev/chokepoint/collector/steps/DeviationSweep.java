package dev.chokepoint.collector.steps;

import java.util.Arrays;

/**
 * The least-absolute-deviation cost of every prefix of a range, in one pass: {@code
 * costs[i]} is the sum of the known values' distances from their median over {@code [from, from +
 * i)} (NaN when none is known), the median being the sorted values' element at half their count.
 * Computing each prefix afresh sorts it each time: quadratic in the range, and an hour scraped
 * every second (3 600 points) took minutes in the in-flight split. Here the values enter a
 * Fenwick tree of counts and sums over their ranks; the median is found by descending it, and the
 * distances follow from the sums below and above it: O(n log n). Whole numbers (requests in
 * flight) sum exactly either way, so the cuts chosen are those of the direct sum.
 */
final class DeviationSweep {

    private final double[] sorted;
    private final int[] counts;
    private final double[] sums;
    private final int top;
    private int known;
    private double total;

    private DeviationSweep(int size) {
        sorted = new double[size];
        counts = new int[size + 1];
        sums = new double[size + 1];
        top = Integer.highestOneBit(Math.max(1, size));
    }

    /** {@code costs[i]} for the prefixes {@code [from, from + i)}, {@code i} from 0 to {@code to - from}. */
    static double[] prefixes(double[] v, int from, int to) {
        int n = to - from;
        Integer[] order = new Integer[n];
        int size = 0;
        for (int i = 0; i < n; i++) {
            if (!Double.isNaN(v[from + i])) {
                order[size++] = i;
            }
        }
        Arrays.sort(order, 0, size, (a, b) -> Double.compare(v[from + a], v[from + b]));
        DeviationSweep sweep = new DeviationSweep(size);
        int[] rank = new int[n];
        for (int r = 0; r < size; r++) {
            rank[order[r]] = r + 1;
            sweep.sorted[r] = v[from + order[r]];
        }
        double[] costs = new double[n + 1];
        costs[0] = Double.NaN;
        for (int i = 0; i < n; i++) {
            if (rank[i] > 0) {
                sweep.add(rank[i], v[from + i]);
            }
            costs[i + 1] = sweep.cost();
        }
        return costs;
    }

    /** {@code costs[i]} for the suffixes {@code [to - i, to)}: the prefixes of the range read backwards. */
    static double[] suffixes(double[] v, int from, int to) {
        double[] reversed = new double[to - from];
        for (int i = 0; i < reversed.length; i++) {
            reversed[i] = v[to - 1 - i];
        }
        return prefixes(reversed, 0, reversed.length);
    }

    private void add(int rank, double value) {
        for (int i = rank; i < counts.length; i += i & -i) {
            counts[i]++;
            sums[i] += value;
        }
        known++;
        total += value;
    }

    private double cost() {
        if (known == 0) {
            return Double.NaN;
        }
        // Descend to the rank holding the (known / 2 + 1)-th smallest value, summing what lies below it.
        int wanted = known / 2 + 1;
        int at = 0;
        int below = 0;
        double sumBelow = 0;
        for (int step = top; step > 0; step >>= 1) {
            int next = at + step;
            if (next < counts.length && below + counts[next] < wanted) {
                at = next;
                below += counts[next];
                sumBelow += sums[next];
            }
        }
        double median = sorted[at];
        int above = known - below - 1;
        double sumAbove = total - sumBelow - median;
        return median * below - sumBelow + sumAbove - median * above;
    }
}
