package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;

/**
 * Utilization law for one resource, fitted over the unsaturated steps: U = U0 + D · X, with D the
 * utilization per request per second (service demand over capacity) and U0 the utilization no
 * request causes (a JVM's background CPU). The resource caps throughput at X ≤ (1 − U0) / D.
 */
public record Demand(Resource resource, double utilizationPerRps, double backgroundUtilization, double boundRps) {
}
