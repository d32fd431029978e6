package dev.chokepoint.agent.request;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

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
    private static final Set<Integer> PORTS = ConcurrentHashMap.newKeySet();

    private TimedCallPorts() {
    }

    /** Called on every outbound call: a lookup, and one insertion per new port. */
    public static void add(int port) {
        if (port > 0 && !PORTS.contains(port) && PORTS.size() < MAX_PORTS) {
            PORTS.add(port);
        }
    }

    public static boolean contains(int port) {
        return PORTS.contains(port);
    }
}
