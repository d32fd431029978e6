package dev.chokepoint.agent.wait;

import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * When a gate that left part of JFR's recording out looks again ({@link SocketRecording},
 * {@link ParkThreshold}): {@value #FIRST_SECONDS} s after it went off; after each look that found the
 * waits still explaining little, twice as long as the time before, up to {@value #LONGEST_SECONDS} s;
 * and at once, whatever the spacing, once the requests' rate or their mean time has moved by half
 * (×{@value #MOVED} or ÷{@value #MOVED}) from what it was when the gate last went off, each judged
 * over at least {@value #LOAD_WINDOW_SECONDS} s. A look after a moved load starts the spacing over.
 *
 * <p>Why: a look is the cost the gate otherwise saves (sockets on for a 3 s window, parks recorded
 * at 1 ms with their stacks for 1 s), and at a look every 10 s they were on ≈ 24 % and 15 % of the
 * time on the fast service with {@code /select} saturated (2026-12-05). A wait that starts to matter
 * while the load holds still lengthens the requests, so their mean time moves with it once it
 * matters much; a load step moves the rate. What moves neither (a wait growing slowly under a
 * steady load) is seen within {@value #LONGEST_SECONDS} s, as is a load step under half the load
 * before it (150 to 200 requests a second). ×{@value #MOVED} sits above what 3-second windows of a
 * saturated closed-loop load moved by on their own (between any two windows of a minute of
 * {@code /select} under hey on two cores: rate at most ×1.30, mean time ×1.36, 2026-12-05; a paced
 * load moves far less), and a needless look costs only a look.
 *
 * <p>Fed and asked by the JFR consumer thread alone.
 */
final class LookSchedule {

    static final long FIRST_SECONDS = 10;
    static final long LONGEST_SECONDS = 40;
    static final double MOVED = 1.5;
    static final long LOAD_WINDOW_SECONDS = 3;
    private static final long FIRST_NANOS = TimeUnit.SECONDS.toNanos(FIRST_SECONDS);
    private static final long LONGEST_NANOS = TimeUnit.SECONDS.toNanos(LONGEST_SECONDS);
    private static final long LOAD_WINDOW_NANOS = TimeUnit.SECONDS.toNanos(LOAD_WINDOW_SECONDS);

    private final RequestLoad load;
    /** The last ended load window's requests a second and mean request time (NaN: none ended, none finished). */
    private double rate = Double.NaN;
    private double meanSeconds = Double.NaN;
    /**
     * Those when the gate last went off: of the load window that ended last, the one its look was
     * judged in (or the first to end after, when none had ended yet).
     */
    private double offRate = Double.NaN;
    private double offMeanSeconds = Double.NaN;
    private boolean offLoadPending;
    private long offAt;
    private long spacingNanos = FIRST_NANOS;
    /** The gate is on for a look called because the spacing ran out (not for a moved load): if it finds nothing, the next comes later. */
    private boolean spacedLook;

    /**
     * @param requestCount   the finished server requests so far ({@code http.server.requests}' count)
     * @param requestSeconds their time so far, in seconds; both read once per load window
     */
    LookSchedule(long nowNanos, LongSupplier requestCount, DoubleSupplier requestSeconds) {
        this.load = new RequestLoad(nowNanos, LOAD_WINDOW_NANOS, requestCount, requestSeconds);
    }

    /** A window of the gate ended: the load is measured once {@value #LOAD_WINDOW_SECONDS} s have passed. */
    void windowEnded(long nowNanos) {
        if (!load.windowEnded(nowNanos)) {
            return;
        }
        rate = load.perSecond();
        meanSeconds = load.meanSeconds();
        if (offLoadPending) {
            offLoadPending = false;
            offRate = rate;
            offMeanSeconds = meanSeconds;
        }
    }

    /** The gate goes off: its last look (if it was on for one) found the waits explaining little. */
    void wentOff(long nowNanos) {
        spacingNanos = spacedLook ? Math.min(2 * spacingNanos, LONGEST_NANOS) : FIRST_NANOS;
        spacedLook = false;
        offAt = nowNanos;
        offRate = rate;
        offMeanSeconds = meanSeconds;
        offLoadPending = Double.isNaN(rate);
    }

    /** The gate's waits matter (at a look or otherwise): once they stop, the spacing starts over. */
    void waitsMattered() {
        spacedLook = false;
    }

    /** While the gate is off: whether to look now (the gate then goes on). */
    boolean due(long nowNanos) {
        if (!offLoadPending && (moved(rate, offRate) || moved(meanSeconds, offMeanSeconds))) {
            return true;
        }
        spacedLook = nowNanos - offAt >= spacingNanos;
        return spacedLook;
    }

    /** Requests on one side only (a mean time on one side only, a rate of 0 on one) count as moved. */
    private static boolean moved(double now, double before) {
        if (Double.isNaN(now) || Double.isNaN(before)) {
            return Double.isNaN(now) != Double.isNaN(before);
        }
        if (now <= 0 || before <= 0) {
            return now != before;
        }
        return now >= before * MOVED || now * MOVED <= before;
    }
}
