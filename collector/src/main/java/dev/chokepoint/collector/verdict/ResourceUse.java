package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;

/**
 * The USE triple of one resource over one step (means over the step; NaN when not measured), and
 * the utilization of what it shares with other processes where the resource declares one
 * ({@code shared-utilization}, e.g. the host's CPU; NaN otherwise), and the utilization its
 * requests' own work explains ({@code request-utilization}, the request threads' CPU and the GC
 * pauses; NaN otherwise), and the share of the utilization that ends as the process warms
 * ({@code transient-utilization}, a JVM's compiling; NaN where not declared or not measured).
 */
public record ResourceUse(Resource resource, double utilization, double saturation, double errors, boolean saturated,
                          double sharedUtilization, double requestUtilization, double transientUtilization) {
}
