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
        this.plain = PlainExpression.of(expression.ast(), signals, this.params).orElse(null);
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

    /** CEL's own result for known inputs: a Boolean, a Double, or null where it fails. */
    Object celValue(double[] in) {
        CelVariableResolver resolver = name -> name.startsWith("params.")
                ? Optional.ofNullable(params.get(name.substring("params.".length())))
                : Optional.of(in[signals.indexOf(name)]);
        try {
            return expression.program().eval(resolver);
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
