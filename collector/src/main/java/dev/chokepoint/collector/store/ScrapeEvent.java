package dev.chokepoint.collector.store;

/** Something that happened to a target during recording, kept so the report can say so. */
public record ScrapeEvent(String target, long timeMillis, Kind kind, String detail) {

    /** Stored by name (events.jsonl): a constant is never renamed or removed, or older runs stop reading. */
    public enum Kind {
        /** The scrape failed (connection refused, HTTP error, unparsable body). */
        FAILED,
        /** The scrape took more than half the interval (it is cut off before the interval ends). */
        SLOW,
        /**
         * Written by collectors before the target's identity was read, for any counter that went
         * down; that was a restart or only a counter going down in a live process (the agent's
         * core-wait counter on virtual threads), the event cannot tell which. Read from older runs
         * and shown, never judged a restart.
         */
        RESET,
        /** The target answered again after failures. */
        RECOVERED,
        /** Series the target exposed in its previous scrape are absent from this one. */
        MISSING,
        /** The run reached the store's series limit; further new series are not recorded. */
        SERIES_LIMIT,
        /**
         * The target restarted: its identity ({@link TargetIdentity}) changed between two answered
         * scrapes, or, where it exports none, at least half of its counters went down at once.
         */
        RESTART,
        /**
         * Counters went down while the process stayed the same. Not a restart and not a symptom;
         * written once per series name per run, so a counter that dips every second does not
         * flood the events.
         */
        COUNTER_DECREASE
    }
}
