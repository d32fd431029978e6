package dev.chokepoint.collector.signals;

/**
 * The analysis clock: one point every {@code resolutionMillis} from {@code startMillis}. Each point
 * is the end of a trailing window of {@code windowMillis}: rates and means at point i cover
 * (t(i) - window, t(i)], which smooths scrape jitter over a few scrapes.
 */
public record Grid(long startMillis, long resolutionMillis, int size, long windowMillis) {

    public static final long DEFAULT_RESOLUTION_MILLIS = 1_000;
    public static final long DEFAULT_WINDOW_MILLIS = 5_000;

    public Grid {
        if (resolutionMillis <= 0 || windowMillis < resolutionMillis || size < 0) {
            throw new IllegalArgumentException("bad grid: resolution " + resolutionMillis + " ms, window "
                    + windowMillis + " ms, size " + size);
        }
    }

    /** A grid covering [start, end] at the default resolution and window. */
    public static Grid covering(long startMillis, long endMillis) {
        int size = (int) Math.max(0, (endMillis - startMillis) / DEFAULT_RESOLUTION_MILLIS + 1);
        return new Grid(startMillis, DEFAULT_RESOLUTION_MILLIS, size, DEFAULT_WINDOW_MILLIS);
    }

    public long time(int i) {
        return startMillis + i * resolutionMillis;
    }

    /** Points per window (the look-back used for rates and means). */
    public int windowPoints() {
        return (int) (windowMillis / resolutionMillis);
    }

    public double windowSeconds() {
        return windowMillis / 1000.0;
    }

    /** First index whose time is at or after {@code millis} (size when past the end). */
    public int indexAtOrAfter(long millis) {
        if (millis <= startMillis) {
            return 0;
        }
        long i = (millis - startMillis + resolutionMillis - 1) / resolutionMillis;
        return (int) Math.min(size, i);
    }

    /** Last index whose time is at or before {@code millis} (-1 when before the start). */
    public int indexAtOrBefore(long millis) {
        if (millis < startMillis) {
            return -1;
        }
        return (int) Math.min(size - 1, (millis - startMillis) / resolutionMillis);
    }
}
