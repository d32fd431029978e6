package dev.chokepoint.collector.signals;

/**
 * Where "normal" is measured: the interval of the lowest load step(s). Statement and downstream
 * latencies are compared with their own value here, so "inflated" means "slower than when the
 * service was idle", whatever the absolute speed.
 */
public record Baseline(long fromMillis, long toMillis) {

    public boolean contains(long millis) {
        return millis > fromMillis && millis <= toMillis;
    }
}
