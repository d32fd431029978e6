package dev.chokepoint.collector.store;

import java.io.IOException;
import java.util.Arrays;

/**
 * The scrape records of {@code samples.gz}, decoded one after the other into the same arrays: the
 * changes one record carries, applied as a whole. An hour of 20 targets is 72 000 records of a
 * thousand entries each; arrays of their own were a gigabyte of garbage.
 */
final class ScrapeRecord {

    private int target;
    private long timeMillis;
    private int entries;
    private int[] ids = new int[0];
    private double[] values = new double[0];
    private boolean[] absent = new boolean[0];

    /**
     * Reads the whole record before anything is applied, so a record cut short changes nothing
     * (what it read is then no record). {@code maxEntries}: the series the dictionary holds; each
     * entry names a different one, so more is damage (and would allocate without bound).
     */
    void read(RecordInput in, long previousTime, int maxEntries) throws IOException {
        long targetIndex = in.readVarLong();
        if (targetIndex > Integer.MAX_VALUE) {
            throw new IOException("target index " + targetIndex);
        }
        target = (int) targetIndex;
        timeMillis = previousTime + SampleCodec.unzigzag(in.readVarLong());
        long count = in.readVarLong();
        if (count < 0 || count > maxEntries) {
            throw new IOException(count + " entries for " + maxEntries + " series");
        }
        entries = (int) count;
        if (ids.length < entries) {
            ids = new int[entries];
            values = new double[entries];
            absent = new boolean[entries];
        }
        Arrays.fill(absent, 0, entries, false);
        long id = 0;
        for (int i = 0; i < entries; i++) {
            long head = in.readVarLong();
            id += head >>> 2;
            if (id > Integer.MAX_VALUE || head >>> 2 == 0 && i > 0) {
                throw new IOException("series ids out of order");
            }
            ids[i] = (int) id;
            switch ((int) (head & 3)) {
                case SampleCodec.KIND_INTEGRAL -> values[i] = SampleCodec.unzigzag(in.readVarLong());
                case SampleCodec.KIND_DOUBLE -> values[i] = in.readDouble();
                case SampleCodec.KIND_ABSENT -> absent[i] = true;
                default -> throw new IOException("unknown sample kind in samples file; file damaged");
            }
        }
    }

    int target() {
        return target;
    }

    long timeMillis() {
        return timeMillis;
    }

    int entries() {
        return entries;
    }

    int id(int entry) {
        return ids[entry];
    }

    double value(int entry) {
        return values[entry];
    }

    boolean absent(int entry) {
        return absent[entry];
    }
}
