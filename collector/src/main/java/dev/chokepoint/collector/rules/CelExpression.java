package dev.chokepoint.collector.rules;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelVariableResolver;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An expression compiled by CEL, its checked tree and the signals it reads: one that
 * {@link PlainParser} left to CEL. {@code element} 0 or more: this is that element of a list
 * expression (a condition's term sides left to CEL are compiled as one list: CEL's type checker
 * builds its whole environment for each expression it checks, and compiling each side apart was
 * half of loading the rules).
 */
record CelExpression(CelRuntime.Program program, CelAbstractSyntaxTree ast, int element, Set<String> signals) {

    /**
     * CEL's own result at known inputs, given in the order of {@code order}: a Boolean, a Double,
     * or null where it fails. An element of a list (a term's side) is read from the whole list's
     * result, so an error in any element leaves each unknown; the sides are numbers compared, where
     * CEL's double arithmetic does not fail.
     */
    Object value(double[] in, List<String> order, Map<String, Double> params) {
        // A list's other elements read signals this one does not: NaN for them, which CEL's double
        // arithmetic carries along without failing.
        CelVariableResolver resolver = name -> name.startsWith("params.")
                ? Optional.ofNullable(params.get(name.substring("params.".length())))
                : Optional.of(order.contains(name) ? in[order.indexOf(name)] : Double.NaN);
        try {
            Object value = program.eval(resolver);
            return element < 0 ? value : ((List<?>) value).get(element);
        } catch (CelEvaluationException ex) {
            // Reachable only through arithmetic edge cases on valid input; the point is "unknown".
            return null;
        }
    }
}
