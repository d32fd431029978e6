package dev.chokepoint.agent.wait;

import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * Whether JFR's socket events are on: off while the process is busy and its request threads'
 * socket waits explain little.
 *
 * <p>Up to Java 21 the JDK times every socket read and write while {@code jdk.SocketRead} or
 * {@code jdk.SocketWrite} is enabled, whatever the threshold: ≈ 0.24 µs an operation on the
 * machines measured (JMH {@code SocketEventBench}), ≈ 1 µs of a one-SELECT request that makes four
 * or five, the largest single part of the agent's cost on a fast service (docs/overhead.md). So
 * while the process serves {@value #BUSY_PER_SECOND} requests a second or more and the request
 * threads' socket waits outside the timed calls' ports (the ones the JDBC and HTTP client probes
 * already time) took under {@value #MAX_SHARE_PERCENT} % of the requests' time in the last window,
 * the events are off; every {@value #RECHECK_SECONDS} s they come back on for one window
 * ({@value #WINDOW_SECONDS} s) to look again. Socket waits are thus left out only while, measured
 * a few seconds before, they explained under 2 % of the requests' time, as {@link ParkThreshold}
 * does for short parks; a downstream that starts to matter is seen within
 * {@value #RECHECK_SECONDS} s. A process under {@value #BUSY_PER_SECOND} requests a second (every CI
 * scenario) keeps them on throughout.
 *
 * <p>Waits on the process's own clients (inbound) do not count: they are not a downstream, and on
 * a saturated machine a request thread's response write passes the 1 ms threshold whenever the
 * thread is preempted inside it (2026-12-05: 1 500 requests a second of a hello route, in a test
 * whose load client shared the two cores, kept the events on for 45 s on such writes alone).
 *
 * <p>Fed and asked by the JFR consumer thread alone; {@link #on} is read at scrape time.
 */
final class SocketRecording {

    static final long BUSY_PER_SECOND = 1_000;
    static final int MAX_SHARE_PERCENT = 2;
    static final long RECHECK_SECONDS = 10;
    /**
     * Judged over 3 s, not over one flush's second: JFR hands over a thread's events when it
     * flushes, about once a second, so a one-second window may hold none of a steady downstream's
     * waits (seen on plain-tomcat-service: Redis at 10 % of the requests' time, turned off after 20 s).
     */
    static final long WINDOW_SECONDS = 3;
    private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(WINDOW_SECONDS);
    private static final long RECHECK_NANOS = TimeUnit.SECONDS.toNanos(RECHECK_SECONDS);

    private final LongSupplier requestCount;
    private final DoubleSupplier requestSeconds;
    private volatile boolean on = true;
    private long offAt;
    private long windowStart;
    private long windowStartCount;
    private double windowStartSeconds;
    private long requestSocketNanos;

    /**
     * @param requestCount   the finished server requests so far ({@code http.server.requests}' count)
     * @param requestSeconds their time so far, in seconds; both read once per window
     */
    SocketRecording(long nowNanos, LongSupplier requestCount, DoubleSupplier requestSeconds) {
        this.requestCount = requestCount;
        this.requestSeconds = requestSeconds;
        this.windowStart = nowNanos;
        this.windowStartCount = requestCount.getAsLong();
        this.windowStartSeconds = requestSeconds.getAsDouble();
    }

    boolean on() {
        return on;
    }

    /** A request thread waited {@code nanos} on a socket to a peer no probe times (not an inbound client). */
    void requestSocket(long nanos) {
        requestSocketNanos += nanos;
    }

    /** At a flush of the stream: TRUE to turn the socket events on, FALSE off, null to leave them. */
    Boolean flushed(long nowNanos) {
        long elapsed = nowNanos - windowStart;
        if (elapsed < WINDOW_NANOS) {
            return null;
        }
        long count = requestCount.getAsLong();
        double seconds = requestSeconds.getAsDouble();
        boolean busy = (count - windowStartCount) * 1e9 / elapsed >= BUSY_PER_SECOND;
        boolean socketsMatter = requestSocketNanos / 1e9 >= (seconds - windowStartSeconds) * MAX_SHARE_PERCENT / 100;
        windowStart = nowNanos;
        windowStartCount = count;
        windowStartSeconds = seconds;
        requestSocketNanos = 0;
        if (on) {
            if (busy && !socketsMatter) {
                offAt = nowNanos;
                on = false;
                return Boolean.FALSE;
            }
            return null;
        }
        if (nowNanos - offAt >= RECHECK_NANOS) {
            on = true;
            return Boolean.TRUE;
        }
        return null;
    }
}
