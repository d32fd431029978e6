package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;

/**
 * Utilization law for one resource, measured at the low steps: utilization per request per second
 * (service demand D over capacity) and the throughput bound it implies, X ≤ 1 / D.
 */
public record Demand(Resource resource, double utilizationPerRps, double boundRps) {
}
