package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.steps.Step;

import java.util.List;

/**
 * Everything decided about one step. {@code firstSaturated} is null when nothing saturated; then
 * {@code headroom} names the most utilized resource. {@code sloMet} is null when the SLO could
 * not be checked (no latency data for the step).
 */
public record StepVerdict(Step step, StepTraffic traffic, Boolean sloMet, List<String> sloFailures,
                          List<ResourceUse> resources, Finding firstSaturated, List<Finding> consequences,
                          ResourceUse headroom, StepLimit limit) {

    /** The same verdict with the step's limit judged from its symptoms, and its first saturated resource. */
    public StepVerdict limitedBy(StepLimit l, Finding first, List<Finding> others) {
        return new StepVerdict(step, traffic, sloMet, sloFailures, resources, first, others, first == null ? headroom : null, l);
    }
}
