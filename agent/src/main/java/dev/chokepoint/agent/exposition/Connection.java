package dev.chokepoint.agent.exposition;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One slot of the endpoint's fixed table of connections: the channel, the request head read so
 * far, the deadline it must meet, and the part of its answer the socket did not take at once.
 * Slots are made when the endpoint opens and reused, so that accepting and reading a scrape
 * allocates nothing of the agent's own (a heap that the application filled must not stop the
 * endpoint from taking the next connection).
 */
final class Connection {

    /** A scrape's head is a few hundred bytes; longer ones grow the buffer up to the limit. */
    static final int INITIAL_HEAD_BYTES = 1024;

    private final byte[] initialHead = new byte[INITIAL_HEAD_BYTES];

    SocketChannel channel;
    SelectionKey key;
    byte[] head = initialHead;
    int headLength;
    long openedAt;
    /** {@link System#nanoTime()} by which the head must be read, or the answer written. */
    long deadline;
    /** What is left to write once the socket takes it; null while reading. */
    ByteBuffer pending;

    boolean inUse() {
        return channel != null;
    }

    boolean reading() {
        return pending == null;
    }

    void open(SocketChannel accepted, SelectionKey registered, long now, long deadlineNanos) {
        channel = accepted;
        key = registered;
        openedAt = now;
        deadline = deadlineNanos;
    }

    /**
     * Appends what {@code from} holds to the head; false when the head would pass
     * {@link ScrapeRequest#MAX_HEAD_BYTES}.
     */
    boolean append(ByteBuffer from) {
        int count = from.remaining();
        if (headLength + count > ScrapeRequest.MAX_HEAD_BYTES) {
            return false;
        }
        if (headLength + count > head.length) {
            byte[] larger = new byte[Math.min(ScrapeRequest.MAX_HEAD_BYTES, Math.max(head.length * 2, headLength + count))];
            System.arraycopy(head, 0, larger, 0, headLength);
            head = larger;
        }
        from.get(head, headLength, count);
        headLength += count;
        return true;
    }

    /** Closes the channel (which cancels its key) and makes the slot free again. */
    void release() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // the connection is gone either way
            }
        }
        channel = null;
        key = null;
        head = initialHead;
        headLength = 0;
        pending = null;
    }
}
