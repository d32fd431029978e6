package dev.chokepoint.collector.rules;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One of a rule's compiled expressions with the rule's params: evaluated as {@link PlainExpression}
 * where {@link PlainParser} read it, else by CEL. Its inputs are the values of {@link #signals()},
 * in that order; a point where any of them is unknown (NaN) has no value, and the condition does
 * not hold.
 */
final class BoundExpression {

    private final Set<String> signals;
    private final List<String> order;
    private final Map<String, Double> params;
    private final PlainExpression plain;
    // The one field whose class names CEL's types: null for a plain expression, so CEL never loads for it.
    private final CelExpression cel;

    private BoundExpression(Set<String> signals, Map<String, Double> params, PlainTree tree, CelExpression cel) {
        this.signals = Collections.unmodifiableSet(new TreeSet<>(signals));
        this.order = List.copyOf(this.signals);
        this.params = Map.copyOf(params);
        this.plain = tree == null ? null : PlainExpression.of(tree, order, this.params);
        this.cel = cel;
    }

    static BoundExpression plain(PlainTree tree, Map<String, Double> params) {
        return new BoundExpression(tree.signals(), params, tree, null);
    }

    static BoundExpression cel(CelExpression expression, Map<String, Double> params) {
        return new BoundExpression(expression.signals(), params, null, expression);
    }

    /** The signals read, in the order {@link #holds(double[])} and {@link #number(double[])} take them. */
    Set<String> signals() {
        return signals;
    }

    /** Whether the expression is evaluated without CEL. */
    boolean plain() {
        return plain != null;
    }

    boolean holds(double[] in) {
        if (unknown(in)) {
            return false;
        }
        if (plain != null) {
            return plain.holds(in);
        }
        return celValue(in) instanceof Boolean b && b;
    }

    /** The value, NaN where unknown or infinite. */
    double number(double[] in) {
        if (unknown(in)) {
            return Double.NaN;
        }
        double v = plain != null ? plain.number(in) : celValue(in) instanceof Double d ? d : Double.NaN;
        return Double.isInfinite(v) ? Double.NaN : v;
    }

    /** CEL's own result for known inputs, of an expression left to CEL ({@link CelExpression#value}). */
    Object celValue(double[] in) {
        return cel.value(in, order, params);
    }

    private static boolean unknown(double[] in) {
        for (double v : in) {
            if (Double.isNaN(v)) {
                return true;
            }
        }
        return false;
    }
}
