package dev.chokepoint.agent.wait;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The time the JVM ran, by which the gates ({@link ParkThreshold}, {@link SocketRecording},
 * {@link MonitorStacks}) measure their load windows and {@link LookSchedule} its spacing: the
 * monotonic clock less the stops seen between two flushes of the JFR stream.
 *
 * <p>Why: a JVM that was stopped (SIGSTOP, a paused container, a suspended VM or laptop, a paired
 * benchmark freezing one copy while it loads the other) did not serve requests while the monotonic
 * clock ran on, so a load window spanning the stop read a rate that fell by the stop's share, then
 * rose back: the load "moved" twice and the gates looked twice (parks recorded at the configured
 * threshold with their stacks, sockets on), for a load that never changed. Measured on the fast
 * service, a 6 s burst after a 10 s stop spent ≈ 3.5 s with parks at 1 ms and ≈ 5 s with sockets
 * on, where a steady load looks for 1 s and 3 s every 40 s (docs/overhead.md).
 *
 * <p>JFR flushes a stream about once a second, alive or idle; a gap longer than
 * {@value #LONGEST_GAP_SECONDS} s between two flushes is a stop. The JVM ran for part of that gap:
 * from the flush before the stop to the stop (up to a second) and from the resumption to the
 * overdue flush that follows it (at once): half a second is counted as running, the rest as
 * stopped, so that a 3 s load window around the stop is off by at most ±0.5 s (its rate by
 * ×0.86–1.2, under the ×{@value LookSchedule#MOVED} a look needs). Counting the whole second
 * read the window after a 10 s stop at half its rate (measured), and so looked.
 * A consumer that fell that far behind reads as a stop too: the windows then read a higher rate for
 * a moment, which costs at most a look. Fed and read by the JFR consumer thread alone.
 */
final class RunningClock {

    static final long LONGEST_GAP_SECONDS = 3;
    private static final long LONGEST_GAP_NANOS = TimeUnit.SECONDS.toNanos(LONGEST_GAP_SECONDS);
    private static final long RAN_IN_A_STOP_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private final LongSupplier system;
    private long lastFlush;
    private long stopped;

    RunningClock(LongSupplier system) {
        this.system = system;
        this.lastFlush = system.getAsLong();
    }

    /** The running time now. */
    long now() {
        return system.getAsLong() - stopped;
    }

    /** At a flush of the stream: the running time now, a stop since the previous flush left out. */
    long flushed() {
        long at = system.getAsLong();
        long gap = at - lastFlush;
        if (gap > LONGEST_GAP_NANOS) {
            stopped += gap - RAN_IN_A_STOP_NANOS;
        }
        lastFlush = at;
        return at - stopped;
    }
}
