package dev.chokepoint.collector.steps;

import java.util.List;

/**
 * An interval of constant offered load. {@code client} holds what the load tool itself measured
 * for the step (null when the steps were detected from the server's request rate or given as a
 * schedule: then latency and errors come from the server's request timers). {@code notes}: what
 * the step detection joined into it ({@link StepNote}), empty for a step read as it was.
 */
public record Step(int index, long startMillis, long endMillis, double offeredRps, Source source,
                   ClientStats client, Engine engine, List<StepNote> notes) {

    public Step {
        notes = List.copyOf(notes);
    }

    public Step(int index, long startMillis, long endMillis, double offeredRps, Source source, ClientStats client,
                Engine engine) {
        this(index, startMillis, endMillis, offeredRps, source, client, engine, List.of());
    }

    public Step(int index, long startMillis, long endMillis, double offeredRps, Source source, ClientStats client) {
        this(index, startMillis, endMillis, offeredRps, source, client, null);
    }

    /** The same step under another number. */
    public Step numbered(int newIndex) {
        return new Step(newIndex, startMillis, endMillis, offeredRps, source, client, engine, notes);
    }

    /** The same step offered another rate. */
    public Step offering(double rps) {
        return new Step(index, startMillis, endMillis, rps, source, client, engine, notes);
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
