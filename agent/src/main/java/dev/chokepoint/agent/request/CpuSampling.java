package dev.chokepoint.agent.request;

import java.util.concurrent.TimeUnit;

/**
 * Which of one thread's requests read its CPU clock, and how many requests each reading stands for.
 *
 * <p>A request reads the clock twice (0.5–1.9 µs a read on the machines measured): on an endpoint
 * that serves a request in 20–150 µs of CPU, that is the largest part of the agent's own cost a
 * request, and a busy thread gives a precise mean from a fraction of its requests. So a thread
 * that served at least {@value #BUSY} requests in its previous window of {@value #WINDOW_MILLIS} ms
 * (≥ 160 a second, which no step of the CI scenarios comes near per thread) reads the clock for
 * one request in {@value #EVERY}, drawn at random, and that request then counts {@value #EVERY}
 * times in {@code chokepoint.request.cpu}'s count and sum; any other thread reads it for every
 * request, weight 1, as before. The draw depends on the thread's past and a random number, never
 * on the request, so the weighted count and sum of every route estimate its requests' and their
 * CPU without bias (Horvitz–Thompson): means stay exact on average, a rare route on a busy thread
 * gets noisier.
 *
 * <p>Owned by one thread ({@link RequestTimes}): no synchronization, no allocation.
 */
final class CpuSampling {

    /** A busy thread reads the CPU clock for one request in this many (a power of two). */
    static final int EVERY = 8;
    /** Requests in the previous window that make a thread busy. */
    static final int BUSY = 16;
    static final long WINDOW_MILLIS = 100;
    private static final long WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(WINDOW_MILLIS);
    private static final int EVERY_BITS = Integer.numberOfTrailingZeros(EVERY);

    private long windowStart;
    private int windowRequests;
    /** EVERY − 1 while the thread is busy, else 0: the draw's bits that must be zero. */
    private int mask;
    /** xorshift64 state: never zero. */
    private long random;

    CpuSampling(long nowNanos, long seed) {
        this.windowStart = nowNanos - 2 * WINDOW_NANOS; // no previous window: not busy
        this.random = seed * 0x9E3779B97F4A7C15L | 1;
    }

    /**
     * How many requests the request opening now stands for in the CPU meters; 0: it does not read
     * the clock. Without a branch on "busy": a JIT that compiled this inside Tomcat's valve while
     * the thread was always busy would otherwise drop to the interpreter when the load falls
     * (measured: a low step after a saturated one read ×1.5–2 its CPU per request until recompiled,
     * which at 25 requests a second takes minutes).
     */
    int weight(long nowNanos) {
        long elapsed = nowNanos - windowStart;
        if (elapsed >= WINDOW_NANOS) {
            // Busy: the window that just ended (an idle gap resets it) held at least BUSY requests.
            int recent = (int) ((elapsed - 2 * WINDOW_NANOS) >>> 63);
            int full = (BUSY - 1 - windowRequests) >>> 31;
            mask = (EVERY - 1) * (recent & full);
            windowStart = nowNanos;
            windowRequests = 0;
        }
        windowRequests++;
        random ^= random << 13;
        random ^= random >>> 7;
        random ^= random << 17;
        long missed = (random >>> (Long.SIZE - EVERY_BITS)) & mask; // 0 when drawn, always when not busy
        return (mask + 1) * (int) (1 - ((-missed) >>> 63));
    }
}
