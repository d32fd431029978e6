package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;

/** The USE triple of one resource over one step (means over the step; NaN when not measured). */
public record ResourceUse(Resource resource, double utilization, double saturation, double errors, boolean saturated) {
}
