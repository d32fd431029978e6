package dev.chokepoint.collector.store;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The framing of {@code samples.gz} since format 2, after Prometheus's write-ahead log: inside the
 * gzip stream, a {@link #MAGIC} and then one frame per scrape record:
 * <pre>
 *   varint  payload length
 *   bytes   payload: byte 1 (scrape record), varint dictionary lines, varint event lines, then the
 *           record as {@link SampleCodec} describes it
 *   int     CRC-32C of the payload, big-endian
 * </pre>
 * gzip's own checksum sits in its trailer, which a killed collector never writes, and a damaged
 * deflate stream can inflate to plausible bytes: the per-frame checksum is what lets the reader
 * tell the last good record from what follows it. The two line counts are how many lines of
 * {@code series.jsonl} and {@code events.jsonl} were written before the record, so the reader
 * notices a dictionary or an event file cut shorter than the samples (a lost machine's page
 * cache reaches the disk in no particular order).
 */
final class SampleFrame {

    /** The first bytes of a format-2 stream; a format-1 stream starts with its first record's type, 1. */
    static final byte[] MAGIC = {0, 'c', 'h', 'o', 'k', 'e', 'p', 2};
    /** A frame longer than this is damage, not data (a scrape of 200 000 series is ~3 MB). */
    static final int MAX_PAYLOAD = 64 << 20;

    private final ExposedBytes payload = new ExposedBytes();
    private final DataOutputStream body = new DataOutputStream(payload);
    private final CRC32C crc = new CRC32C();

    /** Where the writer puts a record's payload; {@link #writeTo} frames it and starts the next. */
    DataOutputStream body() {
        return body;
    }

    void writeTo(DataOutputStream out) throws IOException {
        body.flush();
        crc.reset();
        crc.update(payload.bytes(), 0, payload.size());
        SampleCodec.writeVarLong(out, payload.size());
        out.write(payload.bytes(), 0, payload.size());
        out.writeInt((int) crc.getValue());
        payload.reset();
    }

    static boolean intact(byte[] payload, int length, int storedCrc) {
        CRC32C check = new CRC32C();
        check.update(payload, 0, length);
        return (int) check.getValue() == storedCrc;
    }

    static boolean isMagic(byte[] head) {
        return Arrays.equals(head, MAGIC);
    }

    /** A byte buffer whose array can be read without a copy: this runs for every target every second. */
    private static final class ExposedBytes extends OutputStream {
        private byte[] bytes = new byte[4096];
        private int size;

        @Override
        public void write(int b) {
            grow(1);
            bytes[size++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            grow(len);
            System.arraycopy(b, off, bytes, size, len);
            size += len;
        }

        private void grow(int more) {
            if (size + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(size + more, bytes.length * 2));
            }
        }

        byte[] bytes() {
            return bytes;
        }

        int size() {
            return size;
        }

        void reset() {
            size = 0;
        }
    }
}
