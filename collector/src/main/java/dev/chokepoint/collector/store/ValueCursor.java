package dev.chokepoint.collector.store;

/**
 * Reads a series' packed values ({@link PackedValues}) one after the other without unpacking them
 * into an array: a reader that needs each value once (a counter put on the grid) then allocates
 * nothing per series, where a fleet's hour is 20 000 series of 3 600 values read again at every step.
 */
public final class ValueCursor {

    private final byte[] bytes;
    private int at;
    private long bits;
    private int left;

    ValueCursor(byte[] bytes, int count) {
        this.bytes = bytes;
        this.left = count;
    }

    public boolean hasNext() {
        return left > 0;
    }

    public double next() {
        left--;
        int first = bytes[at++];
        if ((first & 1) == 0) {
            long raw = first & 0x7F;
            int shift = 7;
            while ((first & 0x80) != 0) {
                first = bytes[at++];
                raw |= (long) (first & 0x7F) << shift;
                shift += 7;
            }
            raw >>>= 1;
            long delta = (raw >>> 1) ^ -(raw & 1);
            double value = (long) Double.longBitsToDouble(bits) + delta;
            bits = Double.doubleToRawLongBits(value);
        } else {
            int leading = first >>> 1 & 0xF;
            int trailing = first >>> 5 & 0x7;
            long xor = 0;
            for (int shift = (7 - leading) * 8; shift >= trailing * 8; shift -= 8) {
                xor |= (long) (bytes[at++] & 0xFF) << shift;
            }
            bits ^= xor;
        }
        return Double.longBitsToDouble(bits);
    }
}
