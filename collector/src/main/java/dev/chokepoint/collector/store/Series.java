package dev.chokepoint.collector.store;

/**
 * The recorded samples of one series, in time order. Only observed samples are present: a scrape
 * that failed or lacked the series leaves a gap, it does not invent a value. Counters are stored as
 * scraped (a target restart shows as a drop; readers handle resets).
 */
public record Series(SeriesKey key, long[] timesMillis, double[] values) {

    public Series {
        if (timesMillis.length != values.length) {
            throw new IllegalArgumentException("times and values differ in length for " + key);
        }
    }

    public int size() {
        return values.length;
    }
}
