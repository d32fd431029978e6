package dev.chokepoint.collector.scrape;

import java.util.List;

/** What one scrape of one target gave: its samples, or why there are none. */
public record ScrapeOutcome(List<ParsedSample> samples, String failure, long durationMillis) {

    public static ScrapeOutcome success(List<ParsedSample> samples, long durationMillis) {
        return new ScrapeOutcome(samples, null, durationMillis);
    }

    public static ScrapeOutcome failed(String failure, long durationMillis) {
        return new ScrapeOutcome(List.of(), failure, durationMillis);
    }

    public boolean ok() {
        return failure == null;
    }
}
