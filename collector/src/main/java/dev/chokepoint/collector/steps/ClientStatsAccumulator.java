package dev.chokepoint.collector.steps;

import org.HdrHistogram.Histogram;

/**
 * The load tool's view of one step: request count, latency percentiles (HdrHistogram, 3
 * significant digits, in microseconds: bounded memory however many requests) and error share.
 */
final class ClientStatsAccumulator {

    private final Histogram latencies = new Histogram(3);
    private long requests;
    private long outcomes;
    private long failures;
    private double dropped;
    private long iterations;
    private int workers;

    void request() {
        requests++;
    }

    void latency(double seconds) {
        latencies.recordValue(Math.max(0, Math.round(seconds * 1_000_000)));
    }

    void outcome(boolean failed) {
        outcomes++;
        if (failed) {
            failures++;
        }
    }

    void dropped(double count) {
        dropped += count;
    }

    void iteration() {
        iterations++;
    }

    void workers(int count) {
        workers = Math.max(workers, count);
    }

    long requests() {
        return requests;
    }

    /** Whether the tool said it could not start some iterations in this window. */
    boolean droppedAny() {
        return dropped > 0;
    }

    /**
     * The rate the tool was asked to send: what it sent plus what it dropped, dropped iterations
     * counted as the requests an iteration made on average (one when it reported no iterations).
     */
    double offeredRps(double durationSeconds) {
        double perIteration = iterations > 0 ? (double) requests / iterations : 1;
        return durationSeconds > 0 ? (requests + dropped * perIteration) / durationSeconds : 0;
    }

    /** The tool's workers at most during the window, or null when it did not say. */
    Step.Engine engine() {
        return workers > 0 ? new Step.Engine(workers, Double.NaN) : null;
    }

    /** NaN percentiles when the tool reported no latency in the window. */
    Step.ClientStats stats(double durationSeconds) {
        boolean anyLatency = latencies.getTotalCount() > 0;
        double p50 = anyLatency ? latencies.getValueAtPercentile(50) / 1e6 : Double.NaN;
        double p95 = anyLatency ? latencies.getValueAtPercentile(95) / 1e6 : Double.NaN;
        double p99 = anyLatency ? latencies.getValueAtPercentile(99) / 1e6 : Double.NaN;
        double mean = anyLatency ? latencies.getMean() / 1e6 : Double.NaN;
        double errorRate = outcomes > 0 ? (double) failures / outcomes : 0;
        double rate = durationSeconds > 0 ? requests / durationSeconds : 0;
        return new Step.ClientStats(requests, rate, p50, p95, p99, errorRate, mean);
    }
}
