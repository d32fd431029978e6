package dev.chokepoint.collector.rules;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A rule ready to evaluate: its compiled expressions and the signals each reads. A point where any
 * signal an expression reads is unknown (NaN) does not hold and has no value: a rule does not
 * guess, and a target that lacks a signal (a plain Actuator endpoint) simply never fires the rule.
 */
public final class CompiledRule {

    /**
     * One comparison of the condition, compiled side by side: what the margin report reads.
     * {@code evidence}: its left side reads only evidence signals (requests, scrapes in the window),
     * so it guards the rule's data, not the resource.
     */
    public record Term(Comparison comparison, BoundExpression left, BoundExpression right, boolean evidence) {
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
    private final BoundExpression when;
    private final BoundExpression utilization;
    private final BoundExpression saturation;
    private final BoundExpression errors;
    private final Set<String> signals;
    private final Terms terms;

    CompiledRule(Rule rule, Resource resource, List<Resource> explains, Map<String, BoundExpression> expressions,
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
        return t.left().number(inputs(t.left(), p));
    }

    /** A term's right side (its threshold) at a point (NaN when unknown). */
    public double right(Term t, Point p) {
        return t.right().number(inputs(t.right(), p));
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
        return holds(inputs(when, p));
    }

    /** NaN where the rule declares no utilization (its resource's capacity is not measured). */
    public double utilization(Point p) {
        return utilization == null ? Double.NaN : utilization(inputs(utilization, p));
    }

    public double saturation(Point p) {
        return saturation(inputs(saturation, p));
    }

    public double errors(Point p) {
        return errors == null ? Double.NaN : errors(inputs(errors, p));
    }

    /**
     * {@link #holds(Point)} at a point given as the values of {@link #conditionSignals()} in their
     * order, and so on for the others: what a timeline over columns of values passes, without
     * looking each signal up by name at every point.
     */
    public boolean holds(double[] conditionInputs) {
        return when.holds(conditionInputs);
    }

    public double utilization(double[] utilizationInputs) {
        return utilization == null ? Double.NaN : utilization.number(utilizationInputs);
    }

    public double saturation(double[] saturationInputs) {
        return saturation.number(saturationInputs);
    }

    public double errors(double[] errorsInputs) {
        return errors == null ? Double.NaN : errors.number(errorsInputs);
    }

    /** Every expression of the rule, its terms' sides included. */
    List<BoundExpression> expressions() {
        List<BoundExpression> all = new java.util.ArrayList<>();
        for (BoundExpression e : new BoundExpression[] {when, utilization, saturation, errors}) {
            if (e != null) {
                all.add(e);
            }
        }
        for (Term t : terms.list()) {
            all.add(t.left());
            all.add(t.right());
        }
        return all;
    }

    private static double[] inputs(BoundExpression e, Point p) {
        double[] in = new double[e.signals().size()];
        int i = 0;
        for (String s : e.signals()) {
            in[i++] = p.value(s);
        }
        return in;
    }
}
