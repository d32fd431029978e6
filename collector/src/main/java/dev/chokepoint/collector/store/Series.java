package dev.chokepoint.collector.store;

/**
 * The recorded samples of one series, in time order. Only observed samples are present: a scrape
 * that failed or lacked the series leaves a gap, it does not invent a value. Counters are stored as
 * scraped (a target restart shows as a drop; readers handle resets).
 * <p>
 * The values are held packed ({@link PackedValues}), so a fleet's hour fits a laptop's heap;
 * {@link #values()} unpacks them into a new array at each call: read it once per pass, not per sample.
 * The times are mostly the target's own scrape times, one array shared by all its series.
 */
public final class Series {

    private final SeriesKey key;
    private final long[] timesMillis;
    private final PackedValues values;

    public Series(SeriesKey key, long[] timesMillis, double[] values) {
        this(key, timesMillis, PackedValues.of(values));
    }

    Series(SeriesKey key, long[] timesMillis, PackedValues values) {
        if (timesMillis.length != values.size()) {
            throw new IllegalArgumentException("times and values differ in length for " + key);
        }
        this.key = key;
        this.timesMillis = timesMillis;
        this.values = values;
    }

    public SeriesKey key() {
        return key;
    }

    /** The sample times: not to be changed, the array may be shared with the target's other series. */
    public long[] timesMillis() {
        return timesMillis;
    }

    /** The values, unpacked into a new array. */
    public double[] values() {
        return values.toArray();
    }

    /** The values one after the other, unpacked as they are read. */
    public ValueCursor valueCursor() {
        return values.cursor();
    }

    public int size() {
        return timesMillis.length;
    }

    /** Bytes the packed values take, for the tests that guard the store's size. */
    public long packedBytes() {
        return values.bytes();
    }

    @Override
    public String toString() {
        return "Series[" + key + ", " + size() + " samples]";
    }
}
