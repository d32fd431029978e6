package dev.chokepoint.agent.wait;

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
 * the events are off; they come back on for one window ({@value BusyWindow#WINDOW_SECONDS} s) to
 * look again when {@link LookSchedule} says (after 10 s, then up to every 40 s while the load holds
 * still, at once when it moves). Socket waits are thus left out only while, measured at the last
 * look, they explained under 2 % of the requests' time, as {@link ParkThreshold} does for short
 * parks; a downstream that starts to matter is seen at the next look. A process under
 * {@value BusyWindow#BUSY_PER_SECOND} requests a second (every CI scenario) keeps them on throughout.
 *
 * <p>Waits on the process's own clients (inbound) do not count: they are not a downstream, and on
 * a saturated machine a request thread's response write passes the 1 ms threshold whenever the
 * thread is preempted inside it (2026-12-05: 1 500 requests a second of a hello route, in a test
 * whose load client shared the two cores, kept the events on for 45 s on such writes alone).
 */
final class SocketRecording extends BusyGate {

    private final LookSchedule looks;

    SocketRecording(BusyWindow window, LookSchedule looks) {
        super(window);
        this.looks = looks;
    }

    @Override
    Boolean decided(boolean quiet, long nowNanos) {
        looks.windowEnded(nowNanos);
        if (on()) {
            if (quiet) {
                looks.wentOff(nowNanos);
                return Boolean.FALSE;
            }
            looks.waitsMattered();
            return null;
        }
        return looks.due(nowNanos) ? Boolean.TRUE : null;
    }
}
