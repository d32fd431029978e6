package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;

/**
 * "After {@code after}, {@code next} limits at ≈ {@code boundRps} RPS": {@code after} is the run's
 * first saturated resource (or, when nothing saturated, the lowest bound), {@code next} the
 * resource with the lowest utilization-law bound among the others. {@code caveat}: why that bound
 * may not hold (null when nothing says so).
 */
public record NextBottleneck(Resource after, Resource next, double boundRps, String caveat) {
}
