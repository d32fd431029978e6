package dev.chokepoint.collector.rules;

import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelVariableResolver;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A rule ready to evaluate: its CEL programs and the signals each reads. A point where any signal
 * an expression reads is unknown (NaN) does not hold and has no value: a rule does not guess,
 * and a target that lacks a signal (a plain Actuator endpoint) simply never fires the rule.
 */
public final class CompiledRule {

    /** One compiled expression and the signals it reads. */
    record Expression(CelRuntime.Program program, Set<String> signals) {
    }

    /**
     * One comparison of the condition, compiled side by side: what the margin report reads.
     * {@code evidence}: its left side reads only evidence signals (requests, scrapes in the window),
     * so it guards the rule's data, not the resource.
     */
    public record Term(Comparison comparison, Expression left, Expression right, boolean evidence) {
    }

    /** The condition's comparisons and how {@code &&} and {@code ||} join them (its leaves index {@code list}). */
    record Terms(List<Term> list, Condition condition) {
        static final Terms NONE = new Terms(List.of(), Condition.all(List.of()));

        Terms {
            list = List.copyOf(list);
        }
    }

    /** Values of the signals at one point; NaN where unknown. */
    public interface Point {
        double value(String signal);
    }

    private final Rule rule;
    private final Resource resource;
    private final List<Resource> explains;
    private final Expression when;
    private final Expression utilization;
    private final Expression saturation;
    private final Expression errors;
    private final Set<String> signals;
    private final Terms terms;

    CompiledRule(Rule rule, Resource resource, List<Resource> explains, Map<String, Expression> expressions,
                 Terms terms) {
        this.rule = rule;
        this.resource = resource;
        this.explains = List.copyOf(explains);
        this.when = expressions.get("when");
        this.utilization = expressions.get("utilization");
        this.saturation = expressions.get("saturation");
        this.errors = expressions.get("errors");
        TreeSet<String> all = new TreeSet<>();
        expressions.values().forEach(e -> all.addAll(e.signals()));
        // Sorted, not Set.copyOf: immutable sets iterate in a per-JVM random order, and the evidence
        // rows follow this order, so two analyses of one run would differ.
        this.signals = java.util.Collections.unmodifiableSortedSet(all);
        this.terms = terms;
    }

    /** The condition's comparisons, in the order written; empty when it is not made of them ({@link Condition}). */
    public List<Term> terms() {
        return terms.list();
    }

    /** How {@code &&} and {@code ||} join the comparisons: its leaves index {@link #terms()}. */
    public Condition condition() {
        return terms.condition();
    }

    /** A term's left side at a point (NaN when unknown). */
    public double left(Term t, Point p) {
        return number(eval(t.left(), p));
    }

    /** A term's right side (its threshold) at a point (NaN when unknown). */
    public double right(Term t, Point p) {
        return number(eval(t.right(), p));
    }

    public Rule rule() {
        return rule;
    }

    public String id() {
        return rule.id();
    }

    public Resource resource() {
        return resource;
    }

    /** The resources whose saturation this rule's resource causes. */
    public List<Resource> explains() {
        return explains;
    }

    /** Signals named in any of the rule's expressions. */
    public Set<String> signals() {
        return signals;
    }

    /** Signals the {@code when} condition needs: without them the rule cannot fire. */
    public Set<String> conditionSignals() {
        return when.signals();
    }

    /** Signals {@link #utilization(Point)}, {@link #saturation(Point)} and {@link #errors(Point)} each read (none where the rule declares none). */
    public Set<String> utilizationSignals() {
        return utilization == null ? Set.of() : utilization.signals();
    }

    public Set<String> saturationSignals() {
        return saturation.signals();
    }

    public Set<String> errorsSignals() {
        return errors == null ? Set.of() : errors.signals();
    }

    public boolean holds(Point p) {
        return eval(when, p) instanceof Boolean b && b;
    }

    /** NaN where the rule declares no utilization (its resource's capacity is not measured). */
    public double utilization(Point p) {
        return utilization == null ? Double.NaN : number(eval(utilization, p));
    }

    public double saturation(Point p) {
        return number(eval(saturation, p));
    }

    public double errors(Point p) {
        return errors == null ? Double.NaN : number(eval(errors, p));
    }

    private Object eval(Expression e, Point p) {
        for (String s : e.signals()) {
            if (Double.isNaN(p.value(s))) {
                return null;
            }
        }
        CelVariableResolver resolver = name -> name.startsWith("params.")
                ? Optional.ofNullable(rule.params().get(name.substring("params.".length())))
                : Optional.of(p.value(name));
        try {
            return e.program().eval(resolver);
        } catch (CelEvaluationException ex) {
            // Reachable only through arithmetic edge cases on valid input; the point is "unknown".
            return null;
        }
    }

    private static double number(Object o) {
        if (o instanceof Double d) {
            return d.isInfinite() ? Double.NaN : d;
        }
        return Double.NaN;
    }
}
