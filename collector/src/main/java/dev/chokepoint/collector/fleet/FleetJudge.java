package dev.chokepoint.collector.fleet;

import dev.chokepoint.collector.rules.CompiledRule;
import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.signals.Grid;
import dev.chokepoint.collector.signals.SignalFrame;
import dev.chokepoint.collector.signals.TrafficSignals;
import dev.chokepoint.collector.verdict.Finding;
import dev.chokepoint.collector.verdict.Slo;
import dev.chokepoint.collector.verdict.StepJudge;
import dev.chokepoint.collector.verdict.StepVerdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The fleet view of each step: the same rules judged on each instance alone (so "which instances
 * saturated, and when" is each instance's own verdict), then {@link LimitScope} on the fleet's
 * first saturated resource. Only for runs with two or more instances.
 */
public final class FleetJudge {

    private final Grid grid;
    private final List<SignalFrame> frames;
    private final List<CompiledRule> rules;
    private final Map<String, StepJudge> alone = new LinkedHashMap<>();

    /** {@code judge}: the rules judged on all of {@code frames}, each instance's part of it read alone. */
    public FleetJudge(List<SignalFrame> frames, List<CompiledRule> rules, StepJudge judge, Grid grid) {
        this.grid = grid;
        this.frames = frames;
        this.rules = rules;
        for (SignalFrame f : frames) {
            alone.put(f.target(), judge.alone(f));
        }
    }

    /** Fleet steps for the fleet's step verdicts; empty for a single instance. */
    public List<FleetStep> judge(List<StepVerdict> fleetVerdicts, Slo slo) {
        if (frames.size() < 2) {
            return List.of();
        }
        List<FleetStep> out = new ArrayList<>();
        for (StepVerdict fleet : fleetVerdicts) {
            out.add(step(fleet, slo));
        }
        return out;
    }

    private FleetStep step(StepVerdict fleet, Slo slo) {
        int from = grid.indexAtOrAfter(fleet.step().startMillis() + grid.windowMillis());
        int to = grid.indexAtOrBefore(fleet.step().endMillis());
        Resource resource = fleet.firstSaturated() == null ? null : fleet.firstSaturated().resource();
        List<LimitScope.RuleLimit> limits = rules.stream()
                .filter(r -> r.resource().equals(resource) && r.rule().fleetLimit() != null)
                .map(r -> new LimitScope.RuleLimit(r.id(), r.rule().fleetLimit())).toList();
        double total = 0;
        Map<String, Double> rates = new LinkedHashMap<>();
        for (SignalFrame f : frames) {
            double r = mean(f, TrafficSignals.REQUEST_RATE, from, to);
            rates.put(f.target(), r);
            total += Double.isNaN(r) ? 0 : r;
        }
        List<FleetStep.InstanceStep> instances = new ArrayList<>();
        List<LimitScope.Means> means = new ArrayList<>();
        for (SignalFrame f : frames) {
            StepVerdict own = alone.get(f.target()).judge(fleet.step(), fleet.traffic(), slo);
            List<Finding> findings = Stream.concat(Stream.ofNullable(own.firstSaturated()), own.consequences().stream()).toList();
            Finding onResource = findings.stream().filter(x -> x.resource().equals(resource)).findFirst().orElse(null);
            boolean saturated = resource != null && own.resources().stream()
                    .anyMatch(u -> u.resource().equals(resource) && u.saturated());
            double rate = rates.get(f.target());
            double share = total > 0 && !Double.isNaN(rate) ? rate / total : Double.NaN;
            Finding first = own.firstSaturated();
            instances.add(new FleetStep.InstanceStep(f.target(), saturated,
                    onResource == null ? null : onResource.onsetMillis(),
                    first == null ? Resource.NONE : first.resource().id(), first == null ? null : first.rule(),
                    rate, share));
            Map<String, Double> signalMeans = new LinkedHashMap<>();
            limits.forEach(l -> l.limit().sums().values().forEach(s -> signalMeans.put(s, mean(f, s, from, to))));
            means.add(new LimitScope.Means(f.target(), saturated, Double.isNaN(rate) ? 0 : rate, share,
                    findings.stream().map(Finding::rule).collect(Collectors.toSet()), signalMeans));
        }
        if (resource == null) {
            return new FleetStep(fleet.step().index(), Resource.NONE, FleetStep.Scope.NONE, null,
                    "nothing saturated on any instance", Map.of(), instances);
        }
        if (rules.stream().noneMatch(r -> r.resource().equals(resource))) {
            // unattributed: limited, but no rule measured a resource to compare instances by
            return new FleetStep(fleet.step().index(), resource.id(), FleetStep.Scope.NONE, null,
                    "the fleet did not keep up, and no rule names a resource on any instance", Map.of(), instances);
        }
        LimitScope.Verdict v = LimitScope.decide(resource, limits, means);
        return new FleetStep(fleet.step().index(), resource.id(), v.scope(), v.limit(), v.explanation(), v.evidence(),
                instances);
    }

    private static double mean(SignalFrame f, String signal, int from, int to) {
        double[] v = f.values(signal);
        double sum = 0;
        int n = 0;
        for (int i = Math.max(0, from); i <= to && i < v.length; i++) {
            if (!Double.isNaN(v[i])) {
                sum += v[i];
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

}
