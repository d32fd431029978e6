package dev.chokepoint.collector.store;

import java.io.DataOutput;
import java.io.IOException;

/**
 * The binary scrape record of {@code samples.gz}. One record per successful scrape of a target:
 * <pre>
 *   byte    1 (scrape record)
 *   varint  target index (order of run.json's targets)
 *   varlong time, zigzag delta from the previous record's time
 *   varint  number of entries
 *   entries, by increasing series id:
 *     varint  (id - previous id) << 2 | kind
 *     kind 0: zigzag varlong, an integral value; kind 1: 8-byte double; kind 2: series absent now
 * </pre>
 * A series whose value did not change since the target's previous scrape has no entry: the reader
 * carries it forward. That elision, varints and gzip keep an hour of 10 000 series a few tens of MB.
 */
final class SampleCodec {

    static final int SCRAPE_RECORD = 1;
    static final int KIND_INTEGRAL = 0;
    static final int KIND_DOUBLE = 1;
    static final int KIND_ABSENT = 2;

    /** Integral doubles up to 2^53 round-trip exactly through a long. */
    private static final double MAX_EXACT = 9.007199254740992E15;

    private SampleCodec() {
    }

    static boolean isIntegral(double value) {
        return value == Math.rint(value) && Math.abs(value) <= MAX_EXACT
                && !(value == 0 && Double.doubleToRawLongBits(value) != 0);
    }

    static void writeVarLong(DataOutput out, long value) throws IOException {
        while ((value & ~0x7FL) != 0) {
            out.writeByte((int) ((value & 0x7F) | 0x80));
            value >>>= 7;
        }
        out.writeByte((int) value);
    }

    /** A varint whose first byte was already read (the frame reader reads it to tell the stream's end). */
    static long readVarLong(int first, java.io.InputStream in) throws IOException {
        long result = first & 0x7F;
        int b = first;
        for (int shift = 7; (b & 0x80) != 0; shift += 7) {
            if (shift >= 64) {
                throw new IOException("malformed varint in samples file");
            }
            b = in.read();
            if (b < 0) {
                throw new java.io.EOFException();
            }
            result |= (long) (b & 0x7F) << shift;
        }
        return result;
    }

    static long zigzag(long value) {
        return (value << 1) ^ (value >> 63);
    }

    static long unzigzag(long value) {
        return (value >>> 1) ^ -(value & 1);
    }
}
