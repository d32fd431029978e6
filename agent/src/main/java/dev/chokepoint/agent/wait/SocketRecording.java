package dev.chokepoint.agent.wait;

import java.util.concurrent.TimeUnit;

/**
 * Whether JFR's socket events are on: off while the process is busy and its request threads'
 * socket waits explain little.
 *
 * <p>Up to Java 21 the JDK times every socket read and write while {@code jdk.SocketRead} or
 * {@code jdk.SocketWrite} is enabled, whatever the threshold: ≈ 0.24 µs an operation on the
 * machines measured (JMH {@code SocketEventBench}), ≈ 1 µs of a one-SELECT request that makes four
 * or five, the largest single part of the agent's cost on a fast service (docs/overhead.md). So
 * while the process serves {@value BusyWindow#BUSY_PER_SECOND} requests a second or more and the request
 * threads' socket waits outside the timed calls' ports (the ones the JDBC and HTTP client probes
 * already time) took under {@value BusyWindow#MAX_SHARE_PERCENT} % of the requests' time in the last window,
 * the events are off; every {@value #RECHECK_SECONDS} s they come back on for one window
 * ({@value BusyWindow#WINDOW_SECONDS} s) to look again. Socket waits are thus left out only while, measured
 * a few seconds before, they explained under 2 % of the requests' time, as {@link ParkThreshold}
 * does for short parks; a downstream that starts to matter is seen within
 * {@value #RECHECK_SECONDS} s. A process under {@value BusyWindow#BUSY_PER_SECOND} requests a second (every CI
 * scenario) keeps them on throughout.
 *
 * <p>Waits on the process's own clients (inbound) do not count: they are not a downstream, and on
 * a saturated machine a request thread's response write passes the 1 ms threshold whenever the
 * thread is preempted inside it (2026-12-05: 1 500 requests a second of a hello route, in a test
 * whose load client shared the two cores, kept the events on for 45 s on such writes alone).
 */
final class SocketRecording extends BusyGate {

    static final long RECHECK_SECONDS = 10;
    private static final long RECHECK_NANOS = TimeUnit.SECONDS.toNanos(RECHECK_SECONDS);

    private long offAt;

    SocketRecording(BusyWindow window) {
        super(window);
    }

    @Override
    Boolean decided(boolean quiet, long nowNanos) {
        if (on()) {
            if (quiet) {
                offAt = nowNanos;
                return Boolean.FALSE;
            }
            return null;
        }
        return nowNanos - offAt >= RECHECK_NANOS ? Boolean.TRUE : null;
    }
}
