package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.CompiledRule;
import dev.chokepoint.collector.signals.SignalFrame;

/**
 * One rule evaluated at every grid point of one target: whether its condition held, and its
 * utilization, saturation and errors (NaN where its signals are unknown).
 */
final class RuleTimeline {

    final CompiledRule rule;
    final SignalFrame frame;
    final boolean[] held;
    final double[] utilization;
    final double[] saturation;
    final double[] errors;

    RuleTimeline(CompiledRule rule, SignalFrame frame) {
        this.rule = rule;
        this.frame = frame;
        int n = frame.grid().size();
        held = new boolean[n];
        utilization = new double[n];
        saturation = new double[n];
        errors = new double[n];
        // Each expression reads only its signals (its params are constants): where none of them
        // changed since the point before, it says what it said there.
        double[][] whenIn = columns(rule.conditionSignals());
        double[][] utilizationIn = columns(rule.utilizationSignals());
        double[][] saturationIn = columns(rule.saturationSignals());
        double[][] errorsIn = columns(rule.errorsSignals());
        evaluate(whenIn, utilizationIn, saturationIn, errorsIn);
    }

    /*
     * The points in a method of their own: the constructor runs once per rule and target, and its
     * loop made the JIT compile it whole at C2 with the columns' lookup inlined, near a second.
     */
    private void evaluate(double[][] whenIn, double[][] utilizationIn, double[][] saturationIn, double[][] errorsIn) {
        int n = held.length;
        double[] whenAt = new double[whenIn.length];
        double[] utilizationAt = new double[utilizationIn.length];
        double[] saturationAt = new double[saturationIn.length];
        double[] errorsAt = new double[errorsIn.length];
        for (int i = 0; i < n; i++) {
            held[i] = i > 0 && unchanged(whenIn, i) ? held[i - 1] : rule.holds(at(whenIn, i, whenAt));
            utilization[i] = i > 0 && unchanged(utilizationIn, i) ? utilization[i - 1]
                    : rule.utilization(at(utilizationIn, i, utilizationAt));
            saturation[i] = i > 0 && unchanged(saturationIn, i) ? saturation[i - 1]
                    : rule.saturation(at(saturationIn, i, saturationAt));
            errors[i] = i > 0 && unchanged(errorsIn, i) ? errors[i - 1] : rule.errors(at(errorsIn, i, errorsAt));
        }
    }

    /** The columns' values at point {@code i}, into {@code into} (reused: one array per expression, not per point). */
    private static double[] at(double[][] columns, int i, double[] into) {
        for (int c = 0; c < columns.length; c++) {
            into[c] = columns[c][i];
        }
        return into;
    }

    private double[][] columns(java.util.Set<String> signals) {
        return signals.stream().map(frame::values).toArray(double[][]::new);
    }

    /**
     * Whether every signal of {@code inputs} has the same value (bit for bit) at point {@code i} as
     * at the point before. Evaluating the rules' CEL at every point of every target was a fifth of
     * the analysis of 20 targets; a signal unknown or steady for stretches asks for it once a stretch.
     */
    private static boolean unchanged(double[][] inputs, int i) {
        for (double[] v : inputs) {
            if (Double.doubleToRawLongBits(v[i]) != Double.doubleToRawLongBits(v[i - 1])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Index where the condition first held for the rule's sustain time within [from, to], or -1.
     * The run must be unbroken: one point not holding restarts the count.
     */
    int sustainedOnset(int from, int to) {
        long need = Math.max(1, (rule.rule().sustainMillis() + frame.grid().resolutionMillis() - 1)
                / frame.grid().resolutionMillis());
        int start = -1;
        for (int i = from; i <= to; i++) {
            if (!held[i]) {
                start = -1;
                continue;
            }
            if (start < 0) {
                start = i;
            }
            if (i - start + 1 >= need) {
                return start;
            }
        }
        return -1;
    }

    /** The resources whose saturation this timeline's rule explains. */
    java.util.List<dev.chokepoint.collector.rules.Resource> explains() {
        return rule.explains();
    }

    /** Mean of the finite values in [from, to]; NaN when there are none. */
    static double mean(double[] v, int from, int to) {
        double sum = 0;
        int n = 0;
        for (int i = from; i <= to; i++) {
            if (!Double.isNaN(v[i]) && !Double.isInfinite(v[i])) {
                sum += v[i];
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }
}
