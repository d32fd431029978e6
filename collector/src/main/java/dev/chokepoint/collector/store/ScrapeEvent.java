package dev.chokepoint.collector.store;

/** Something that happened to a target during recording, kept so the report can say so. */
public record ScrapeEvent(String target, long timeMillis, Kind kind, String detail) {

    public enum Kind {
        /** The scrape failed (connection refused, HTTP error, unparsable body). */
        FAILED,
        /** The scrape took more than half the interval (it is cut off before the interval ends). */
        SLOW,
        /** A counter went down: the target restarted. */
        RESET,
        /** The target answered again after failures. */
        RECOVERED,
        /** Series the target exposed in its previous scrape are absent from this one. */
        MISSING,
        /** The run reached the store's series limit; further new series are not recorded. */
        SERIES_LIMIT
    }
}
