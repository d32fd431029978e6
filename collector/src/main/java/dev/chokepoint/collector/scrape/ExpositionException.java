package dev.chokepoint.collector.scrape;

/** A body that is not valid Prometheus text / OpenMetrics; the message names the line. */
public class ExpositionException extends Exception {

    public ExpositionException(int line, String message) {
        super("line " + line + ": " + message);
    }
}
