package dev.chokepoint.collector.report;

import dev.chokepoint.collector.fleet.FleetStep;
import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.signals.StepCosts;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.steps.StepNote;
import dev.chokepoint.collector.store.RecordingEnd;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.store.TargetIdentity;
import dev.chokepoint.collector.verdict.Demand;
import dev.chokepoint.collector.verdict.Knee;
import dev.chokepoint.collector.verdict.NextBottleneck;
import dev.chokepoint.collector.verdict.Prediction;
import dev.chokepoint.collector.verdict.StepVerdict;

import java.util.List;
import java.util.Map;

/**
 * The analysed run, ready to be written in any format: the headline, the knee, every step's
 * verdict with its evidence, the utilization-law prediction, which rules ran and which signals
 * they lacked, and the timelines for charts. {@code sloMet}: no step missed the SLO. {@code gaps}:
 * parts of the run window the source lacked (the report is then partial); {@code fleet}: per-step
 * fleet verdicts, empty for a single target; {@code resources}: the declared resources, in order;
 * {@code next}: the bottleneck after the first (null when under two bounds); {@code costs}: per step
 * (same order as {@code steps}), what requests cost per route and statement; {@code recording}: the
 * steps outside the recording's window and, for a recording that did not end whole, where it ends
 * (null when every step lies inside a recording that ended whole); {@code stepNotes}: load the
 * detected steps joined to a step or left unjudged.
 */
public record Report(String headline, String slo, String sloDescription, boolean sloMet, Knee knee, Run run,
                     List<StepVerdict> steps, List<Demand> demands, Prediction prediction, NextBottleneck next,
                     List<RuleInfo> rules, Charts charts, List<String> gaps, List<FleetStep> fleet,
                     List<Resource> resources, List<StepCosts> costs, Recording recording, List<StepNote> stepNotes) {

    /** The same report under another headline (the capacity search's). */
    public Report withHeadline(String text) {
        return new Report(text, slo, sloDescription, sloMet, knee, run, steps, demands, prediction, next, rules, charts,
                gaps, fleet, resources, costs, recording, stepNotes);
    }

    /**
     * The steps the recording does not hold, not judged: those that ended {@code before} it began
     * (as their source numbered them), and those {@code after} the end of a recording cut short.
     * {@code end} (null when it ended whole): where it ends and why; {@code text}: the sentence the
     * headline then starts with (null when it ended whole).
     */
    public record Recording(RecordingEnd end, String text, List<Step> before, List<Step> after) {
    }

    /** True when part of the run window was missing ({@code gaps}): the verdicts may be wrong. */
    public boolean partial() {
        return !gaps.isEmpty();
    }

    /**
     * What was recorded; {@code processes}: per target, the processes it showed (none without
     * identity); {@code hostViews}: the targets that are the collector's view of its host.
     */
    public record Run(long startMillis, long endMillis, List<String> targets, List<ScrapeEvent> events,
                      Map<String, List<TargetIdentity>> processes, List<String> hostViews) {
    }

    /** A rule in force, where it came from, and the signals its condition needs that no target had. */
    public record RuleInfo(String id, String resource, String severity, String origin, List<String> missingSignals) {
    }
}
