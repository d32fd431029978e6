package dev.chokepoint.collector.scrape;

import java.util.List;

/**
 * What one scrape of one target gave: its samples, or why there are none. {@code readAtMillis}:
 * when the target says it read its meters (the agent's {@code Chokepoint-Read-Time} header), 0
 * when it does not say.
 */
public record ScrapeOutcome(List<ParsedSample> samples, String failure, long durationMillis, long readAtMillis) {

    /** A round's placeholder for a target whose answer has not come yet: no samples, no failure. */
    public static final ScrapeOutcome PENDING = new ScrapeOutcome(List.of(), null, 0, 0);

    public static ScrapeOutcome success(List<ParsedSample> samples, long durationMillis) {
        return success(samples, durationMillis, 0);
    }

    public static ScrapeOutcome success(List<ParsedSample> samples, long durationMillis, long readAtMillis) {
        return new ScrapeOutcome(samples, null, durationMillis, readAtMillis);
    }

    public static ScrapeOutcome failed(String failure, long durationMillis) {
        return new ScrapeOutcome(List.of(), failure, durationMillis, 0);
    }

    public boolean ok() {
        return failure == null;
    }
}
