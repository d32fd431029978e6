package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;

/**
 * Utilization law for one resource, fitted over the unsaturated steps: U = U0 + D · X, with D the
 * utilization per request per second (service demand over capacity) and U0 the utilization no
 * request causes (a JVM's background CPU). The resource caps throughput at X ≤ (1 − U0) / D.
 * {@code shared}: the fit is of what the resource shares with other processes (its
 * {@code shared-utilization}, the host's CPU), whose bound was the lower one.
 */
public record Demand(Resource resource, double utilizationPerRps, double backgroundUtilization, double boundRps,
                     boolean shared) {
}
