package dev.chokepoint.agent.wait;

import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * The server requests finished over consecutive windows of at least a given length: how many a
 * second, and their time; what {@link BusyWindow}, {@link ParkThreshold} and {@link LookSchedule}
 * judge the load by.
 *
 * <p>Read by one thread (the JFR consumer's), once per window.
 */
final class RequestLoad {

    private final LongSupplier requestCount;
    private final DoubleSupplier requestSeconds;
    private final long windowNanos;
    private long start;
    private long startCount;
    private double startSeconds;
    private long requests;
    private double seconds;
    private long elapsedNanos;

    /**
     * @param requestCount   the finished server requests so far ({@code http.server.requests}' count)
     * @param requestSeconds their time so far, in seconds; both read once per window
     */
    RequestLoad(long nowNanos, long windowNanos, LongSupplier requestCount, DoubleSupplier requestSeconds) {
        this.requestCount = requestCount;
        this.requestSeconds = requestSeconds;
        this.windowNanos = windowNanos;
        this.start = nowNanos;
        this.startCount = requestCount.getAsLong();
        this.startSeconds = requestSeconds.getAsDouble();
    }

    /** True when a window of at least the length ended at {@code nowNanos}: it is then the one read, and the next starts. */
    boolean windowEnded(long nowNanos) {
        long elapsed = nowNanos - start;
        if (elapsed < windowNanos) {
            return false;
        }
        long count = requestCount.getAsLong();
        double total = requestSeconds.getAsDouble();
        requests = count - startCount;
        seconds = total - startSeconds;
        elapsedNanos = elapsed;
        start = nowNanos;
        startCount = count;
        startSeconds = total;
        return true;
    }

    /** The last ended window's length. */
    long elapsedNanos() {
        return elapsedNanos;
    }

    /** The last ended window's requests a second. */
    double perSecond() {
        return requests * 1e9 / elapsedNanos;
    }

    /** The last ended window's requests' time, in seconds. */
    double seconds() {
        return seconds;
    }

    /** The last ended window's mean request time, in seconds; NaN when none finished. */
    double meanSeconds() {
        return requests > 0 ? seconds / requests : Double.NaN;
    }
}
