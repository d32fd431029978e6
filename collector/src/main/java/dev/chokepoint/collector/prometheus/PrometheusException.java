package dev.chokepoint.collector.prometheus;

/**
 * Prometheus could not give the run window: unreachable, an HTTP or query error, or no series for
 * the selector. The message names the server URL and what is missing, for the CLI to print as is.
 */
public class PrometheusException extends Exception {

    public PrometheusException(String message) {
        super(message);
    }

    public PrometheusException(String message, Throwable cause) {
        super(message, cause);
    }
}
