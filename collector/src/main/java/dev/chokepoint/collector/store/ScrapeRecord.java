package dev.chokepoint.collector.store;

import java.io.IOException;
import java.util.Map;

/** One decoded scrape record of {@code samples.gz}: the changes it carries, applied as a whole. */
record ScrapeRecord(int target, long timeMillis, int[] ids, double[] values, boolean[] absent) {

    /**
     * Reads the whole record before anything is applied, so a record cut short changes nothing.
     * {@code maxEntries}: the series the dictionary holds; each entry names a different one, so
     * more is damage (and would allocate without bound).
     */
    static ScrapeRecord read(RecordInput in, long previousTime, int maxEntries) throws IOException {
        long targetIndex = in.readVarLong();
        if (targetIndex > Integer.MAX_VALUE) {
            throw new IOException("target index " + targetIndex);
        }
        int target = (int) targetIndex;
        long time = previousTime + SampleCodec.unzigzag(in.readVarLong());
        long entries = in.readVarLong();
        if (entries < 0 || entries > maxEntries) {
            throw new IOException(entries + " entries for " + maxEntries + " series");
        }
        int count = (int) entries;
        int[] ids = new int[count];
        double[] values = new double[count];
        boolean[] absent = new boolean[count];
        long id = 0;
        for (int i = 0; i < count; i++) {
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
        return new ScrapeRecord(target, time, ids, values, absent);
    }

    void applyTo(Map<Integer, Double> present) {
        for (int i = 0; i < ids.length; i++) {
            if (absent[i]) {
                present.remove(ids[i]);
            } else {
                present.put(ids[i], values[i]);
            }
        }
    }
}
