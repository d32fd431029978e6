package dev.chokepoint.agent.wait;

import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * One judging window of the gates that leave a costly part of JFR's recording out while a busy
 * process's request threads wait little on what it records ({@link SocketRecording},
 * {@link MonitorStacks}): at least {@value #WINDOW_SECONDS} s of finished requests, their rate, and
 * the share of their time one kind of wait took.
 *
 * <p>Judged over 3 s, not over one flush's second: JFR hands over a thread's events when it
 * flushes, about once a second, so a one-second window may hold none of a steady downstream's
 * waits (seen on plain-tomcat-service: Redis at 10 % of the requests' time, turned off after 20 s).
 *
 * <p>Fed and asked by the JFR consumer thread alone.
 */
final class BusyWindow {

    static final long BUSY_PER_SECOND = 1_000;
    static final int MAX_SHARE_PERCENT = 2;
    static final long WINDOW_SECONDS = 3;
    private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(WINDOW_SECONDS);

    private final RequestLoad load;
    private long waitNanos;

    /**
     * @param requestCount   the finished server requests so far ({@code http.server.requests}' count)
     * @param requestSeconds their time so far, in seconds; both read once per window
     */
    BusyWindow(long nowNanos, LongSupplier requestCount, DoubleSupplier requestSeconds) {
        this.load = new RequestLoad(nowNanos, WINDOW_NANOS, requestCount, requestSeconds);
    }

    /** A request thread waited {@code nanos} on what the gate judges. */
    void waited(long nanos) {
        waitNanos += nanos;
    }

    /**
     * At a flush of the stream: null while the window runs; once it ends, TRUE if the process served
     * {@value #BUSY_PER_SECOND} requests a second or more and the waits took under
     * {@value #MAX_SHARE_PERCENT} % of their time, else FALSE; and the next window starts.
     */
    Boolean busyAndWaitingLittle(long nowNanos) {
        if (!load.windowEnded(nowNanos)) {
            return null;
        }
        boolean busy = load.perSecond() >= BUSY_PER_SECOND;
        boolean waitsMatter = waitNanos / 1e9 >= load.seconds() * MAX_SHARE_PERCENT / 100;
        waitNanos = 0;
        return busy && !waitsMatter;
    }
}
