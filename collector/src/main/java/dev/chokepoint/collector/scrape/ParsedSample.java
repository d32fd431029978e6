package dev.chokepoint.collector.scrape;

import java.util.SortedMap;

/**
 * One sample line of an exposition. {@code monotonic} tells whether the value may only grow
 * (counter, histogram/summary count, sum and buckets): where a target exports no identity, most of
 * them going down at once is how its restart is noticed.
 * {@code timestampMillis} is the exposed timestamp, or {@link #NO_TIMESTAMP}.
 */
public record ParsedSample(String name, SortedMap<String, String> labels, double value, long timestampMillis,
                           boolean monotonic) {

    public static final long NO_TIMESTAMP = Long.MIN_VALUE;
}
