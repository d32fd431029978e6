package dev.chokepoint.collector.steps;

/**
 * An interval of constant offered load. {@code client} holds what the load tool itself measured
 * for the step (null when the steps were detected from the server's request rate or given as a
 * schedule: then latency and errors come from the server's request timers).
 */
public record Step(int index, long startMillis, long endMillis, double offeredRps, Source source,
                   ClientStats client) {

    public enum Source { K6, JMETER, SCHEDULE, DETECTED }

    /** What the load tool saw during the step. Latencies in seconds, errorRate in 0..1. */
    public record ClientStats(long requests, double achievedRps, double p95Seconds, double p99Seconds,
                              double errorRate) {
    }

    public double durationSeconds() {
        return (endMillis - startMillis) / 1000.0;
    }
}
