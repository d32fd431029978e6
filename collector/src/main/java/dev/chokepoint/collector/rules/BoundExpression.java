package dev.chokepoint.collector.rules;

import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelVariableResolver;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One of a rule's compiled expressions with the rule's params: evaluated as {@link PlainExpression}
 * where it has that form, else by CEL. Its inputs are the values of {@link #signals()}, in that
 * order; a point where any of them is unknown (NaN) has no value, and the condition does not hold.
 */
final class BoundExpression {

    private final CompiledRule.Expression expression;
    private final List<String> signals;
    private final Map<String, Double> params;
    private final PlainExpression plain;

    BoundExpression(CompiledRule.Expression expression, Map<String, Double> params) {
        this.expression = expression;
        this.signals = List.copyOf(expression.signals());
        this.params = Map.copyOf(params);
        this.plain = PlainExpression.of(expression.ast(), expression.root(), signals, this.params).orElse(null);
    }

    /** The signals read, in the order {@link #holds(double[])} and {@link #number(double[])} take them. */
    Set<String> signals() {
        return expression.signals();
    }

    /** Whether the expression is evaluated without CEL's interpreter. */
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

    /**
     * CEL's own result for known inputs: a Boolean, a Double, or null where it fails. An element of
     * a list (a term's side) is read from the whole list's result, so an error in any element leaves
     * each unknown; the sides are numbers compared, where CEL's double arithmetic does not fail.
     */
    Object celValue(double[] in) {
        // A list's other elements read signals this one does not: NaN for them, which CEL's double
        // arithmetic carries along without failing.
        CelVariableResolver resolver = name -> name.startsWith("params.")
                ? Optional.ofNullable(params.get(name.substring("params.".length())))
                : Optional.of(signals.contains(name) ? in[signals.indexOf(name)] : Double.NaN);
        try {
            Object value = expression.program().eval(resolver);
            return expression.element() < 0 ? value : ((List<?>) value).get(expression.element());
        } catch (CelEvaluationException ex) {
            // Reachable only through arithmetic edge cases on valid input; the point is "unknown".
            return null;
        }
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
