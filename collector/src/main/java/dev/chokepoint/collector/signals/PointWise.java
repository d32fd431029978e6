package dev.chokepoint.collector.signals;

import java.util.function.DoubleBinaryOperator;

/** Arithmetic on grid arrays, NaN-propagating; a ratio with a zero or unknown divisor is NaN. */
final class PointWise {

    private PointWise() {
    }

    /** {@code n} points, all unknown. */
    static double[] unknown(int n) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, Double.NaN);
        return a;
    }

    static double[] ratio(double[] a, double[] b) {
        return combine(a, b, (x, y) -> y == 0 ? Double.NaN : x / y);
    }

    static double[] times(double[] a, double[] b) {
        return combine(a, b, (x, y) -> x * y);
    }

    static double[] plus(double[] a, double[] b) {
        return combine(a, b, Double::sum);
    }

    static double[] minus(double[] a, double[] b) {
        return combine(a, b, (x, y) -> x - y);
    }

    static double[] scale(double[] a, double factor) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * factor;
        }
        return out;
    }

    /** Each point capped at {@code max} (NaN stays NaN). */
    static double[] atMost(double[] a, double max) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = Math.min(a[i], max);
        }
        return out;
    }

    /**
     * {@code whole} less {@code part}, but never below zero on account of the part (an overlapping
     * part takes out at most what is left); where the part is unknown, the whole is unchanged.
     */
    static double[] lessOverlapping(double[] whole, double[] part) {
        return combine(whole, part, (w, p) -> Double.isNaN(p) ? w : w - Math.min(p, Math.max(w, 0)));
    }

    /** {@code a} where {@code flag} is 1, NaN elsewhere (a flag gauge unknown or 0). */
    static double[] whereOne(double[] a, double[] flag) {
        return combine(a, flag, (x, f) -> f == 1 ? x : Double.NaN);
    }

    /** Unknown parts count as zero where the whole is known (a target without a remote-call timer made no remote calls). */
    static double[] orZeroWhereKnown(double[] part, double[] whole) {
        double[] out = new double[part.length];
        for (int i = 0; i < part.length; i++) {
            out[i] = Double.isNaN(part[i]) && !Double.isNaN(whole[i]) ? 0 : part[i];
        }
        return out;
    }

    /** {@code a + b} where either is known, an unknown part counting as zero (two sources of one quantity). */
    static double[] sumOfKnown(double[] a, double[] b) {
        return plus(orZeroWhereKnown(a, b), orZeroWhereKnown(b, a));
    }

    /** First array, with NaN points filled from the second. */
    static double[] firstKnown(double[] a, double[] b) {
        return combine(a, b, (x, y) -> Double.isNaN(x) ? y : x);
    }

    static double[] combine(double[] a, double[] b, DoubleBinaryOperator op) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = op.applyAsDouble(a[i], b[i]);
        }
        return out;
    }
}
