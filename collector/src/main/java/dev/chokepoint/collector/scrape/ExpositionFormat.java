package dev.chokepoint.collector.scrape;

import java.util.Locale;

/** The two exposition formats a target may answer with, chosen from its {@code Content-Type}. */
public enum ExpositionFormat {
    /** Prometheus text format 0.0.4: timestamps in milliseconds, no terminator. */
    PROMETHEUS_TEXT,
    /** OpenMetrics 1.0 text: timestamps in seconds, {@code # EOF} terminator, exemplars, {@code _created}. */
    OPENMETRICS;

    /**
     * What we ask for, in Prometheus' own order of preference: OpenMetrics first (it tells counters
     * apart without guessing from names), then the classic text format, then anything.
     */
    public static final String ACCEPT = "application/openmetrics-text;version=1.0.0;q=0.75,"
            + "text/plain;version=0.0.4;q=0.5,*/*;q=0.1";

    /** Missing or unknown content types are read as the classic text format, as Prometheus does. */
    public static ExpositionFormat fromContentType(String contentType) {
        if (contentType != null
                && contentType.toLowerCase(Locale.ROOT).startsWith("application/openmetrics-text")) {
            return OPENMETRICS;
        }
        return PROMETHEUS_TEXT;
    }
}
