package dev.chokepoint.collector.store;

import java.util.Arrays;

/**
 * One series' values, packed losslessly in a byte stream, each value against the one before it:
 * a whole number after a whole number as the zigzag varint of their difference (a counter, a
 * thread count, a bucket: one byte a sample mostly), any other value as the bytes of its bits XOR
 * the previous value's bits that are not zero (a value that did not change: one byte). An hour of
 * 20 targets × 1 000 series is 72 M samples: as doubles 576 MB, more than a laptop's JVM is given
 * by default; packed, counters and gauges cost a byte or two and only noisy fractions near eight.
 * Every bit comes back, NaN payloads and -0.0 included, so the analysis reads what was recorded.
 * <p>
 * Layout per value: a first byte with bit 0 clear starts a varint of {@code zigzag(delta) << 1};
 * with bit 0 set, bits 1–4 say how many leading and bits 5–7 how many trailing zero bytes the XOR
 * has, and the bytes between follow, most significant first.
 */
final class PackedValues {

    /** Values the series is expected to end with: growth aims there instead of overshooting by half. */
    private final int expected;
    private byte[] bytes;
    private int length;
    private int count;
    private long previousBits;
    /** Whether the previous value was {@link #whole(long)}: 0.0 before the first. */
    private boolean previousWhole = true;

    PackedValues(int expectedValues) {
        expected = expectedValues;
        bytes = new byte[Math.max(16, expectedValues)];
    }

    static PackedValues of(double[] values) {
        PackedValues packed = new PackedValues(values.length);
        for (double v : values) {
            packed.add(v);
        }
        return packed.trimmed();
    }

    int size() {
        return count;
    }

    /** Bytes held, for the tests that guard the store's size. */
    int bytes() {
        return bytes.length;
    }

    void add(double value) {
        ensure(10);
        put(value);
    }

    /**
     * {@code n} values, {@code values[from]} and every {@code stride}-th after it. Where the room
     * for the most they can take is there, they are packed without a check each; else one by one,
     * so the array grows as it would have (room for the worst case would grow it early and much).
     */
    void addEvery(double[] values, int from, int stride, int n) {
        if (length + 10 * n > bytes.length) {
            for (int i = 0; i < n; i++) {
                add(values[from + i * stride]);
            }
            return;
        }
        for (int i = 0; i < n; i++) {
            put(values[from + i * stride]);
        }
    }

    /** Packs one value; a value takes at most 10 bytes, and the caller made room for it. */
    private void put(double value) {
        long bits = Double.doubleToRawLongBits(value);
        boolean whole = whole(bits);
        if (whole && previousWhole) {
            long delta = (long) value - (long) Double.longBitsToDouble(previousBits);
            writeVarLong(((delta << 1) ^ (delta >> 63)) << 1);
        } else {
            long xor = bits ^ previousBits;
            int leading = Long.numberOfLeadingZeros(xor) >>> 3;
            int trailing = xor == 0 ? 0 : Math.min(7, Long.numberOfTrailingZeros(xor) >>> 3);
            bytes[length++] = (byte) (1 | leading << 1 | trailing << 5);
            for (int shift = (7 - leading) * 8; shift >= trailing * 8; shift -= 8) {
                bytes[length++] = (byte) (xor >>> shift);
            }
        }
        previousBits = bits;
        previousWhole = whole;
        count++;
    }

    /**
     * A whole number below 2^52 in size, whose difference to another is exact; -0.0 is not one (its
     * sign would be lost). Read from the bits: no fraction bits below the binary point (every value
     * of every series is tested as the run is read, and {@code Math.rint} was most of the packing).
     */
    private static boolean whole(long bits) {
        int exponent = (int) (bits >>> 52 & 0x7FF) - 1023;
        if (exponent < 0) {
            return bits == 0;
        }
        return exponent < 52 && (bits & (1L << (52 - exponent)) - 1) == 0;
    }

    /**
     * Without the room left for values that never came, when it is more than an eighth: the growth
     * above aims at the series' final size, so most end a few percent over it, and copying every
     * series of a fleet's hour to give that back was 155 of the 1 600 MB an analysis allocated.
     */
    PackedValues trimmed() {
        if (bytes.length - length > length >> 3) {
            bytes = Arrays.copyOf(bytes, length);
        }
        return this;
    }

    /** Every value, unpacked into a new array. */
    double[] toArray() {
        double[] out = new double[count];
        ValueCursor cursor = cursor();
        for (int i = 0; i < count; i++) {
            out[i] = cursor.next();
        }
        return out;
    }

    ValueCursor cursor() {
        return new ValueCursor(bytes, count);
    }

    private void writeVarLong(long v) {
        while ((v & ~0x7FL) != 0) {
            bytes[length++] = (byte) (v & 0x7F | 0x80);
            v >>>= 7;
        }
        bytes[length++] = (byte) v;
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            int grown = bytes.length + (bytes.length >> 1);
            if (count >= 64 && count < expected) {
                // Bytes a value so far, times the values to come, and a little: a series of noisy
                // fractions would else end at up to 1.5 × its size while the file is read, and
                // growing by halves toward it copied its bytes five times (a fifth of what analysing
                // 20 targets × 1 000 series allocated): the projection is taken up or down.
                long projected = (long) length * expected / count + (length >> 4) + 16;
                if (projected >= length + more) {
                    grown = (int) Math.min(Integer.MAX_VALUE - 8, projected);
                }
            }
            bytes = Arrays.copyOf(bytes, Math.max(length + more, grown));
        }
    }
}
