package dev.chokepoint.collector.store;

import java.util.List;
import java.util.Map;

/**
 * A recorded run as the analysis sees it: every series of every target, plus what went wrong
 * while recording. Read back from a run folder; the analysis never sees the on-disk format.
 * {@code gaps}: parts of the run window the source could not provide (e.g. Prometheus missing
 * scrapes), each a sentence for the report; non-empty makes the report partial.
 * {@code recordingEnd}: where a recording that did not end whole stops being readable (then
 * {@code endMillis} is that point), null when it ended whole.
 */
public record RunData(long startMillis, long endMillis, List<String> targets, List<Series> series,
                      List<ScrapeEvent> events, List<String> gaps, RecordingEnd recordingEnd) {

    public RunData(long startMillis, long endMillis, List<String> targets, List<Series> series,
                   List<ScrapeEvent> events, List<String> gaps) {
        this(startMillis, endMillis, targets, series, events, gaps, null);
    }

    /** A run with the whole window present (the collector's own recording keeps gaps as events). */
    public RunData(long startMillis, long endMillis, List<String> targets, List<Series> series,
                   List<ScrapeEvent> events) {
        this(startMillis, endMillis, targets, series, events, List.of());
    }

    /**
     * The same run read while its recording goes on (a search judging its last probe): the
     * readable end is where the writer has got to, not a cut, so no step before it is "not
     * recorded" for want of what comes after.
     */
    public RunData stillRecording() {
        return new RunData(startMillis, endMillis, targets, series, events, gaps, null);
    }

    /** All series with this Prometheus name, any target, any labels. */
    public List<Series> named(String name) {
        return series.stream().filter(s -> s.key().name().equals(name)).toList();
    }

    /** Series with this name whose labels include every given label (exact values). */
    public List<Series> named(String name, Map<String, String> labels) {
        return named(name).stream()
                .filter(s -> labels.entrySet().stream()
                        .allMatch(e -> e.getValue().equals(s.key().label(e.getKey()))))
                .toList();
    }
}
