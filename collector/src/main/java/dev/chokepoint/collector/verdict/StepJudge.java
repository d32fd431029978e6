package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.CompiledRule;
import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.signals.Grid;
import dev.chokepoint.collector.signals.SignalCatalog;
import dev.chokepoint.collector.signals.SignalFrame;
import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.steps.Step;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.TreeMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides one step: which rules held for their sustain time (on any target), which resource each
 * makes saturated, which of those are consequences of another, and which came first.
 */
public final class StepJudge {

    /** Utilization from which a resource counts as near its capacity when a target dies. */
    static final double NEAR_CAPACITY = 0.8;
    /** Grid points before a target stopped answering that its last words are read from. */
    private static final int LAST_POINTS = 5;

    private final List<RuleTimeline> timelines = new ArrayList<>();
    private final Grid grid;

    public StepJudge(List<SignalFrame> frames, List<CompiledRule> rules, Grid grid) {
        this.grid = grid;
        for (SignalFrame f : frames) {
            for (CompiledRule r : rules) {
                timelines.add(new RuleTimeline(r, f));
            }
        }
    }

    private StepJudge(List<RuleTimeline> timelines, Grid grid) {
        this.grid = grid;
        this.timelines.addAll(timelines);
    }

    /**
     * The same rules judged on one of the frames alone, from the timelines already evaluated:
     * every rule at every point of 20 targets was a third of the analysis, and the fleet view
     * evaluated them all again.
     */
    public StepJudge alone(SignalFrame frame) {
        return new StepJudge(timelines.stream().filter(t -> t.frame == frame).toList(), grid);
    }

    /**
     * Per resource, utilization and saturation at every grid point (the highest over its rules and
     * targets), for charts.
     */
    public Map<Resource, double[][]> resourceTimelines() {
        Map<Resource, double[][]> out = byOrder();
        int n = grid.size();
        for (RuleTimeline t : timelines) {
            double[][] a = out.computeIfAbsent(t.rule.resource(), r -> {
                double[][] z = new double[2][n];
                Arrays.fill(z[0], Double.NaN);
                Arrays.fill(z[1], Double.NaN);
                return z;
            });
            for (int i = 0; i < n; i++) {
                a[0][i] = maxKnown(a[0][i], t.utilization[i]);
                a[1][i] = maxKnown(a[1][i], t.saturation[i]);
            }
        }
        return out;
    }

    /** Grid indexes judged for a step: skip the first window, which still averages the previous step. */
    int[] range(Step step) {
        return range(grid, step);
    }

    static int[] range(Grid grid, Step step) {
        int to = grid.indexAtOrBefore(step.endMillis());
        int from = grid.indexAtOrAfter(step.startMillis() + grid.windowMillis());
        if (from > to) {
            from = grid.indexAtOrAfter(step.startMillis());
        }
        return new int[] {from, to};
    }

    public StepVerdict judge(Step step, StepTraffic traffic, Slo slo) {
        int[] r = range(step);
        int from = r[0];
        int to = r[1];
        Map<RuleTimeline, Integer> fired = new LinkedHashMap<>();
        if (from <= to) {
            for (RuleTimeline t : timelines) {
                int onset = t.sustainedOnset(from, to);
                if (onset >= 0) {
                    fired.put(t, onset);
                }
            }
        }
        Map<Resource, Finding> saturated = findings(fired, to);
        List<ResourceUse> use = use(from, to, saturated.keySet());

        Map<Resource, Resource> explainedBy = byOrder();
        for (Resource symptom : saturated.keySet()) {
            fired.keySet().stream()
                    .filter(t -> !t.rule.resource().equals(symptom) && saturated.containsKey(t.rule.resource())
                            && t.rule.explains().contains(symptom))
                    .map(t -> saturated.get(t.rule.resource()))
                    .min(Comparator.comparingLong(Finding::onsetMillis))
                    .ifPresent(cause -> explainedBy.put(symptom, cause.resource()));
        }
        List<Finding> causes = saturated.values().stream().filter(f -> !explainedBy.containsKey(f.resource())).toList();
        if (causes.isEmpty()) {
            // Resources explaining each other (a cycle in user rules): fall back to the earliest onset.
            causes = List.copyOf(saturated.values());
        }
        Finding first = causes.stream().min(Comparator.comparingLong(Finding::onsetMillis)
                .thenComparingInt(f -> f.resource().order())).orElse(null);
        List<Finding> consequences = new ArrayList<>();
        for (Finding f : saturated.values()) {
            if (f != first) {
                Resource cause = explainedBy.get(f.resource());
                consequences.add(cause == null ? f : f.asConsequenceOf(cause));
            }
        }
        consequences.sort(Comparator.comparingLong(Finding::onsetMillis));
        ResourceUse headroom = first != null ? null : use.stream()
                .filter(u -> !Double.isNaN(u.utilization()))
                .max(Comparator.comparingDouble(ResourceUse::utilization)).orElse(null);
        return new StepVerdict(step, traffic, slo.met(traffic), slo.failures(traffic), use, first, consequences, headroom,
                StepLimit.NONE);
    }

    /** One finding per saturated resource: the most specific rule that held, onset = earliest of its rules. */
    private Map<Resource, Finding> findings(Map<RuleTimeline, Integer> fired, int to) {
        Set<String> refined = new HashSet<>();
        fired.keySet().forEach(t -> {
            if (t.rule.rule().refines() != null) {
                refined.add(t.rule.rule().refines());
            }
        });
        Map<Resource, Finding> out = byOrder();
        Map<Resource, Long> onsets = byOrder();
        fired.forEach((t, onset) -> onsets.merge(t.rule.resource(), grid.time(onset), Math::min));
        fired.entrySet().stream()
                .filter(e -> !refined.contains(e.getKey().rule.id()))
                .sorted(Comparator.comparingInt(Map.Entry::getValue))
                .forEach(e -> out.putIfAbsent(e.getKey().rule.resource(), finding(e.getKey(), e.getValue(), to,
                        onsets.get(e.getKey().rule.resource()), true)));
        return out;
    }

    /**
     * The longest unbroken run in {@code step} where a rule of {@code resource} held without
     * holding for its sustain time: that rule's finding over the run, its summary saying for how
     * long it held, and against which sustain time; null when none of its rules held at any point
     * (or one held for its sustain time: then the step names it already).
     */
    public Finding heldBriefly(Step step, Resource resource) {
        int[] r = range(step);
        RuleTimeline best = null;
        int bestStart = -1;
        int bestLength = 0;
        for (RuleTimeline t : timelines) {
            if (!t.rule.resource().equals(resource)) {
                continue;
            }
            int start = -1;
            for (int i = r[0]; i <= r[1] + 1; i++) {
                boolean held = i <= r[1] && t.held[i];
                if (held && start < 0) {
                    start = i;
                } else if (!held && start >= 0) {
                    if (i - start > bestLength) {
                        best = t;
                        bestStart = start;
                        bestLength = i - start;
                    }
                    start = -1;
                }
            }
        }
        if (best == null || best.sustainedOnset(r[0], r[1]) >= 0) {
            return null;
        }
        Finding f = finding(best, bestStart, bestStart + bestLength - 1, grid.time(bestStart), true);
        String held = Unit.num(bestLength * grid.resolutionMillis() / 1000.0) + " s";
        String sustain = Unit.num(best.rule.rule().sustainMillis() / 1000.0) + " s";
        return new Finding(f.resource(), f.rule(), f.severity(), f.target(), f.onsetMillis(),
                f.summary() + "; its rule held " + held + " of the step, under its sustain time of " + sustain,
                f.advice(), f.evidence(), f.labels(), null);
    }

    /**
     * The resource most likely behind a target that stopped answering at {@code millis}: of the
     * resources at {@value #NEAR_CAPACITY} of capacity or more in the last points before it, the one
     * no other explains, the most utilized; its rule's summary filled from those points. Null
     * when no resource was near its capacity.
     */
    public Finding likelyCause(long millis) {
        int to = grid.indexAtOrBefore(millis);
        int from = Math.max(0, to - LAST_POINTS + 1);
        Map<RuleTimeline, Double> near = new LinkedHashMap<>();
        for (RuleTimeline t : timelines) {
            double u = Double.NaN;
            for (int i = from; i <= to && i >= 0; i++) {
                u = maxKnown(u, t.utilization[i]);
            }
            if (u >= NEAR_CAPACITY) {
                near.put(t, u);
            }
        }
        return near.entrySet().stream()
                .filter(e -> near.keySet().stream().noneMatch(o -> o.explains().contains(e.getKey().rule.resource())))
                .max(Comparator.comparingDouble((Map.Entry<RuleTimeline, Double> e) -> e.getValue())
                        .thenComparingInt(e -> -e.getKey().rule.resource().order()))
                .map(e -> finding(e.getKey(), from, to, grid.time(from), false)).orElse(null);
    }

    private Finding finding(RuleTimeline t, int onset, int to, long resourceOnset, boolean whileHeld) {
        var rule = t.rule.rule();
        Set<String> names = new LinkedHashSet<>(t.rule.signals());
        names.addAll(EvidenceText.signalsIn(rule.summary()));
        names.addAll(EvidenceText.signalsIn(rule.advice()));
        Map<String, Double> evidence = new LinkedHashMap<>();
        Map<String, String> labels = new LinkedHashMap<>();
        for (String name : names) {
            if (SignalCatalog.signal(name).orElseThrow().text()) {
                String label = mostSeen(t, name, onset, to, whileHeld);
                if (label != null) {
                    labels.put(name, label);
                }
            } else {
                evidence.put(name, meanWhile(t, name, onset, to, whileHeld));
            }
        }
        String target = t.frame.target();
        return new Finding(t.rule.resource(), rule.id(), rule.severity(), target, resourceOnset,
                EvidenceText.fill(rule.summary(), evidence, labels, rule.params(), target),
                EvidenceText.fill(rule.advice(), evidence, labels, rule.params(), target),
                evidence, labels, null);
    }

    /*
     * The loops over a finding's points in methods of their own: in finding() they made the JIT
     * compile it whole at C2 with the evidence text's formatting inlined, a second of compilation.
     */

    /** The text value seen most often in [onset, to] (only where the rule held when {@code whileHeld}); null when none. */
    private static String mostSeen(RuleTimeline t, String name, int onset, int to, boolean whileHeld) {
        Map<String, Integer> votes = new HashMap<>();
        for (int i = onset; i <= to; i++) {
            String v = t.frame.text(name, i);
            if ((t.held[i] || !whileHeld) && v != null) {
                votes.merge(v, 1, Integer::sum);
            }
        }
        return votes.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
    }

    /** The mean of a signal's known values in [onset, to] (only where the rule held when {@code whileHeld}). */
    private static double meanWhile(RuleTimeline t, String name, int onset, int to, boolean whileHeld) {
        double[] v = t.frame.values(name);
        double sum = 0;
        int n = 0;
        for (int i = onset; i <= to; i++) {
            if ((t.held[i] || !whileHeld) && !Double.isNaN(v[i])) {
                sum += v[i];
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private List<ResourceUse> use(int from, int to, Set<Resource> saturated) {
        Map<Resource, double[]> acc = byOrder();
        for (RuleTimeline t : timelines) {
            double[] a = acc.computeIfAbsent(t.rule.resource(), r -> new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN});
            if (from <= to) {
                a[0] = maxKnown(a[0], RuleTimeline.mean(t.utilization, from, to));
                a[1] = maxKnown(a[1], RuleTimeline.mean(t.saturation, from, to));
                a[2] = maxKnown(a[2], RuleTimeline.mean(t.errors, from, to));
                a[3] = maxKnown(a[3], meanOf(t, t.rule.resource().sharedUtilization(), from, to));
                a[4] = maxKnown(a[4], meanOf(t, t.rule.resource().requestUtilization(), from, to));
                a[5] = maxKnown(a[5], meanOf(t, t.rule.resource().transientUtilization(), from, to));
            }
        }
        List<ResourceUse> out = new ArrayList<>();
        acc.forEach((r, a) -> out.add(new ResourceUse(r, a[0], a[1], a[2], saturated.contains(r), a[3], a[4], a[5])));
        return out;
    }

    /** The step's mean of a resource's optional signal (NaN when the resource declares none). */
    private static double meanOf(RuleTimeline t, String signal, int from, int to) {
        return signal == null ? Double.NaN : RuleTimeline.mean(t.frame.values(signal), from, to);
    }

    /** Resources in declaration order, as the report lists them. */
    private static <V> Map<Resource, V> byOrder() {
        return new TreeMap<>(Comparator.comparingInt(Resource::order).thenComparing(Resource::id));
    }

    private static double maxKnown(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }
}
