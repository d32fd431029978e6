package dev.chokepoint.collector.signals;

/**
 * What a step's traffic looked like: achieved rate, latency quantiles and mean, and error share,
 * either as the load tool measured it ({@code CLIENT}) or from the servers' request timers
 * ({@code SERVER}). Unknown values are NaN (e.g. no histogram buckets on a plain Actuator endpoint).
 */
public record StepTraffic(double requests, double achievedRps, double p50Seconds, double p90Seconds,
                          double p95Seconds, double p99Seconds, double errorRate, Source source,
                          double meanSeconds) {

    public StepTraffic(double requests, double achievedRps, double p50Seconds, double p90Seconds,
                       double p95Seconds, double p99Seconds, double errorRate, Source source) {
        this(requests, achievedRps, p50Seconds, p90Seconds, p95Seconds, p99Seconds, errorRate, source, Double.NaN);
    }

    public enum Source { CLIENT, SERVER }

    public double quantile(int percent) {
        return switch (percent) {
            case 50 -> p50Seconds;
            case 90 -> p90Seconds;
            case 95 -> p95Seconds;
            case 99 -> p99Seconds;
            default -> Double.NaN;
        };
    }
}
