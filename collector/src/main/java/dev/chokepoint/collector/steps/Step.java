package dev.chokepoint.collector.steps;

/**
 * An interval of constant offered load. {@code client} holds what the load tool itself measured
 * for the step (null when the steps were detected from the server's request rate or given as a
 * schedule: then latency and errors come from the server's request timers).
 */
public record Step(int index, long startMillis, long endMillis, double offeredRps, Source source,
                   ClientStats client, Engine engine) {

    public Step(int index, long startMillis, long endMillis, double offeredRps, Source source, ClientStats client) {
        this(index, startMillis, endMillis, offeredRps, source, client, null);
    }

    /**
     * {@code UNCOVERED}: load that no other source's step covered (the load went on after the last
     * step, or between two), offered what the step before was ({@link UncoveredLoad}).
     */
    public enum Source { K6, JMETER, SCHEDULE, DETECTED, UNCOVERED }

    /** What the load tool saw during the step. Latencies in seconds, errorRate in 0..1; NaN when unknown. */
    public record ClientStats(long requests, double achievedRps, double p50Seconds, double p95Seconds,
                              double p99Seconds, double errorRate, double meanSeconds) {

        public ClientStats(long requests, double achievedRps, double p50Seconds, double p95Seconds,
                           double p99Seconds, double errorRate) {
            this(requests, achievedRps, p50Seconds, p95Seconds, p99Seconds, errorRate, Double.NaN);
        }
    }

    /**
     * What the schedule says of the load generator in the step (null when it says nothing):
     * {@code workers} it ran with (hey's -c, summed), and its own CPU in cores (NaN when unknown).
     */
    public record Engine(int workers, double cpuCores) {
    }

    public double durationSeconds() {
        return (endMillis - startMillis) / 1000.0;
    }
}
