package dev.chokepoint.collector.store;

/** Something that happened to a target during recording, kept so the report can say so. */
public record ScrapeEvent(String target, long timeMillis, Kind kind, String detail) {

    public enum Kind {
        /** The scrape failed (connection refused, HTTP error, unparsable body). */
        FAILED,
        /** The scrape took longer than the interval. */
        SLOW,
        /** A counter went down: the target restarted. */
        RESET,
        /** The target answered again after failures. */
        RECOVERED
    }
}
