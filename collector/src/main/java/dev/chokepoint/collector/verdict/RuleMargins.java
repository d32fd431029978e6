package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.CompiledRule;
import dev.chokepoint.collector.rules.Condition;
import dev.chokepoint.collector.signals.Grid;
import dev.chokepoint.collector.signals.SignalFrame;
import dev.chokepoint.collector.steps.Step;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * How far each rule's condition sat from holding, per step: the evidence that a threshold is not
 * tuned to the runs it was set on. A comparison's margin is relative: (value − threshold) /
 * |threshold| for "at least", the reverse for "at most", positive exactly where it holds. A
 * point's margin is that of its condition ({@link Condition#deciding}): the weakest part of an
 * {@code &&}, the strongest branch of an {@code ||}, so it too is positive exactly where the
 * condition holds; a step's margin is the best over every stretch of the rule's sustain time in the
 * judged part of the step (the windows the verdict reads), so it is positive exactly where the rule
 * could fire. Evidence parts of the condition (top-level {@code &&} parts on enough requests and
 * scrapes only) are kept apart: they guard the data, and a step whose thresholds held without the
 * evidence is reported as such.
 */
public final class RuleMargins {

    /**
     * One rule on one step of one target. {@code term}: the deciding comparison (the one whose margin
     * was the condition's at the point that decided the step's margin: the weakest of an {@code &&},
     * the strongest branch of an {@code ||}), {@code value} and {@code threshold} its two sides there.
     * {@code fired}: the engine's own verdict (condition held for the sustain time).
     */
    public record Row(int step, double offeredRps, String target, String rule, boolean fired, boolean evidenceHeld,
                      String term, double value, double threshold, double margin) {
    }

    private final List<SignalFrame> frames;
    private final List<CompiledRule> rules;
    private final Grid grid;

    public RuleMargins(List<SignalFrame> frames, List<CompiledRule> rules, Grid grid) {
        this.frames = frames;
        this.rules = rules;
        this.grid = grid;
    }

    /** Rows for every step, rule and target where the rule's comparisons are known on a whole window. */
    public List<Row> of(List<Step> steps) {
        List<Row> out = new ArrayList<>();
        for (CompiledRule rule : rules) {
            if (Parts.of(rule).thresholds().parts().isEmpty()) {
                continue;
            }
            for (SignalFrame frame : frames) {
                RuleTimeline timeline = new RuleTimeline(rule, frame);
                for (Step step : steps) {
                    int[] r = StepJudge.range(grid, step);
                    if (r[0] <= r[1]) {
                        row(step, timeline, r[0], r[1]).ifPresent(out::add);
                    }
                }
            }
        }
        out.sort(Comparator.comparingInt(Row::step));
        return out;
    }

    private Optional<Row> row(Step step, RuleTimeline timeline, int from, int to) {
        CompiledRule rule = timeline.rule;
        SignalFrame frame = timeline.frame;
        int need = (int) Math.max(1, (rule.rule().sustainMillis() + grid.resolutionMillis() - 1) / grid.resolutionMillis());
        if (need > to - from + 1) {
            // A step shorter than the sustain time (a fragment of a detected step): no rule can fire there.
            return Optional.empty();
        }
        Optional<Window> best = Points.of(rule, frame, from, to).best(need);
        if (best.isEmpty()) {
            return Optional.empty();
        }
        int at = from + best.get().weakestAt();
        CompiledRule.Point p = name -> frame.value(name, at);
        CompiledRule.Term deciding = rule.terms().get(best.get().term());
        boolean fired = timeline.sustainedOnset(from, to) >= 0;
        return Optional.of(new Row(step.index(), step.offeredRps(), frame.target(), rule.id(), fired, best.get().evidence(),
                deciding.comparison().text(), rule.left(deciding, p), rule.right(deciding, p), best.get().margin()));
    }

    /**
     * A rule's condition split in two: its evidence parts (top-level {@code &&} parts whose
     * comparisons all read evidence signals only) and the rest, the thresholds the margin is of.
     */
    private record Parts(List<Condition> evidence, Condition.Join thresholds) {

        static Parts of(CompiledRule rule) {
            List<Condition> evidence = new ArrayList<>();
            List<Condition> thresholds = new ArrayList<>();
            for (Condition c : rule.condition().conjuncts()) {
                boolean guard = c.comparisons().stream().allMatch(t -> rule.terms().get(t).evidence());
                (guard ? evidence : thresholds).add(c);
            }
            return new Parts(evidence, Condition.all(thresholds));
        }
    }

    /** The best sustain-long stretch: its weakest point's margin, where that point is, its comparison. */
    private record Window(double margin, int weakestAt, int term, boolean evidence) {
    }

    /**
     * Per judged point: the margin of the threshold part of the condition (NaN where a comparison
     * in it is unknown), which comparison decided it, and whether every evidence part held.
     */
    private record Points(double[] margin, int[] weakest, boolean[] evidence) {

        static Points of(CompiledRule rule, SignalFrame frame, int from, int to) {
            Parts parts = Parts.of(rule);
            int n = to - from + 1;
            Points out = new Points(new double[n], new int[n], new boolean[n]);
            double[] m = new double[rule.terms().size()];
            for (int k = 0; k < n; k++) {
                int at = from + k;
                CompiledRule.Point p = name -> frame.value(name, at);
                for (int t = 0; t < m.length; t++) {
                    CompiledRule.Term term = rule.terms().get(t);
                    m[t] = RuleMargins.margin(term, rule.left(term, p), rule.right(term, p));
                }
                out.evidence[k] = parts.evidence().stream().allMatch(c -> holds(c, m));
                int d = parts.thresholds().deciding(m);
                out.margin[k] = d < 0 ? Double.NaN : m[d];
                out.weakest[k] = Math.max(d, 0);
            }
            return out;
        }

        private static boolean holds(Condition c, double[] m) {
            int d = c.deciding(m);
            return d >= 0 && m[d] >= 0;
        }

        /** Of the stretches of {@code need} points with every margin known, the one whose weakest point is best. */
        Optional<Window> best(int need) {
            Window best = null;
            for (int s = 0; s + need <= margin.length; s++) {
                int minAt = -1;
                boolean known = true;
                boolean held = true;
                for (int k = s; k < s + need && known; k++) {
                    known = !Double.isNaN(margin[k]);
                    minAt = known && (minAt < 0 || margin[k] < margin[minAt]) ? k : minAt;
                    held &= evidence[k];
                }
                if (!known) {
                    continue;
                }
                Window w = new Window(margin[minAt], minAt, weakest[minAt], held);
                // Prefer a stretch where the evidence held: the margin a verdict could have used.
                if (best == null || (held && !best.evidence()) || (held == best.evidence() && w.margin() > best.margin())) {
                    best = w;
                }
            }
            return Optional.ofNullable(best);
        }
    }

    /** Relative distance to the threshold, positive on the side where the comparison holds. */
    static double margin(CompiledRule.Term term, double left, double right) {
        if (Double.isNaN(left) || Double.isNaN(right)) {
            return Double.NaN;
        }
        double d = term.comparison().atLeast() ? left - right : right - left;
        if (right == 0) {
            return d > 0 ? Double.POSITIVE_INFINITY : d < 0 ? Double.NEGATIVE_INFINITY : 0;
        }
        return d / Math.abs(right);
    }
}
