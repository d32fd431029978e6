package dev.chokepoint.agent.request;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Remote ports whose socket time the request split already counts in another part: the
 * database's (JDBC time; the JDBC probe adds each URL's port) and those of outbound HTTP calls
 * (remote time; the HTTP client probe adds each call's port). A request thread's socket wait to
 * one of these is not counted again as its socket wait.
 *
 * <p>By port, not address: JFR names a blocking socket's host by reverse lookup, so the same
 * database can read {@code localhost} or {@code 127.0.0.1}. A client without a probe that talks
 * to the same port as a probed one has its socket waits left in "other wait", not double counted.
 * At most {@link #MAX_PORTS} ports.
 */
public final class TimedCallPorts {

    static final int MAX_PORTS = 64;
    /**
     * One bit per TCP port (8 KB): a lookup on every outbound call boxes no Integer and takes no
     * lock, unlike a set of ports.
     */
    private static final AtomicLongArray PORTS = new AtomicLongArray(65_536 / 64);
    private static final AtomicInteger COUNT = new AtomicInteger();

    private TimedCallPorts() {
    }

    /** Called on every outbound call: a read of one word, and one insertion per new port. */
    public static void add(int port) {
        if (port <= 0 || port > 65_535 || contains(port) || COUNT.get() >= MAX_PORTS) {
            return;
        }
        long bit = 1L << port;
        if ((PORTS.getAndUpdate(port >>> 6, word -> word | bit) & bit) == 0) {
            COUNT.incrementAndGet();
        }
    }

    public static boolean contains(int port) {
        return port > 0 && port <= 65_535 && (PORTS.get(port >>> 6) & (1L << port)) != 0;
    }
}
