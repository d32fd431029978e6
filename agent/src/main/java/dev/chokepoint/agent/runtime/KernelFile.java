package dev.chokepoint.agent.runtime;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Small kernel files ({@code /proc}, cgroup) read with one open, read and close into a buffer kept
 * between reads. {@code Files.readAllLines} costs ≈ 90 µs and ≈ 24 KB of garbage per file (a
 * reader's 8 K chars, a decoder's 8 KB), and a scrape reads up to a dozen of them: on a JVM
 * starved of CPU, where every allocation may wait for a collection that waits for a safepoint,
 * that is time the scrape does not have.
 *
 * <p>Only the first {@link #CAPACITY} bytes are read: the callers want the first lines of
 * {@code /proc/stat}, whose per-core and interrupt lines follow, or files far smaller.
 */
public final class KernelFile {

    static final int CAPACITY = 4096;

    private final byte[] buffer = new byte[CAPACITY];

    /** The file's text (its first {@link #CAPACITY} bytes), or null where it cannot be read. */
    public synchronized String read(String path) {
        int n = readInto(path, buffer);
        return n < 0 ? null : new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
    }

    /**
     * Reads the start of {@code path} into {@code into} with one open, read and close; the number of
     * bytes read, or -1 where the file cannot be read. For callers that parse the bytes themselves.
     */
    public static int readInto(String path, byte[] into) {
        try (FileInputStream in = new FileInputStream(path)) {
            int n = in.read(into);
            return Math.max(n, 0);
        } catch (IOException | RuntimeException unreadable) {
            return -1;
        }
    }
}
