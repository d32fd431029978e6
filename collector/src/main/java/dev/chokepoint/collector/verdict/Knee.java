package dev.chokepoint.collector.verdict;

/** The highest step (by offered load) that met the SLO. */
public record Knee(int stepIndex, double offeredRps, double achievedRps) {
}
