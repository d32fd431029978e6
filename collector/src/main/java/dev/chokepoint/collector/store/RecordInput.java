package dev.chokepoint.collector.store;

import java.io.DataInput;
import java.io.EOFException;
import java.io.IOException;

/**
 * Where a scrape record is decoded from: a frame's bytes, checked whole before (format 2), or the
 * bare stream of format 1. A frame is decoded straight from its array: a {@code DataInputStream}
 * over it takes a synchronized call per varint byte and a copy per double, the larger part of
 * replaying an hour of 20 targets × 1 000 series (72 M samples) after inflating it.
 */
abstract class RecordInput {

    abstract int readUnsignedByte() throws IOException;

    abstract double readDouble() throws IOException;

    static RecordInput of(byte[] frame, int length) {
        return new Frame(frame, length);
    }

    static RecordInput of(DataInput stream) {
        return new Stream(stream);
    }

    final long readVarLong() throws IOException {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = readUnsignedByte();
            result |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw new IOException("malformed varint in samples file");
    }

    private static final class Frame extends RecordInput {
        private final byte[] bytes;
        private final int end;
        private int at;

        Frame(byte[] bytes, int end) {
            this.bytes = bytes;
            this.end = end;
        }

        @Override
        int readUnsignedByte() throws EOFException {
            if (at >= end) {
                throw new EOFException();
            }
            return bytes[at++] & 0xFF;
        }

        @Override
        double readDouble() throws EOFException {
            if (end - at < Long.BYTES) {
                throw new EOFException();
            }
            long bits = 0;
            for (int i = 0; i < Long.BYTES; i++) {
                bits = bits << 8 | bytes[at++] & 0xFF;
            }
            return Double.longBitsToDouble(bits);
        }
    }

    private static final class Stream extends RecordInput {
        private final DataInput in;

        Stream(DataInput in) {
            this.in = in;
        }

        @Override
        int readUnsignedByte() throws IOException {
            return in.readUnsignedByte();
        }

        @Override
        double readDouble() throws IOException {
            return in.readDouble();
        }
    }
}
