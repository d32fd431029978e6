package dev.chokepoint.agent.request;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Which of one thread's requests read its CPU clock, and how many requests each reading stands for.
 *
 * <p>A request reads the clock twice (0.5–1.9 µs a read on the machines measured): on an endpoint
 * that serves a request in 20–300 µs of CPU, that is the largest part of the agent's own cost a
 * request, and a busy process gives a precise mean from a fraction of its requests. So while the
 * process serves at least {@value #BUSY_PER_SECOND} requests a second (no step of the CI scenarios
 * comes near: they stay under 300), a request reads the clock with probability 1/n and then counts
 * n times in {@code chokepoint.request.cpu}'s count and sum; below that rate every request reads
 * it, weight 1. n is the power of two that keeps the process near {@value #READS_PER_SECOND}
 * readings a second (from {@value #MIN_EVERY} at the threshold up to {@value #MAX_EVERY}, 156
 * readings a second at 10 000 requests): a fixed budget, so a faster service pays less a request
 * (on the fast service's 60 µs request one in 8 still cost ≈ 0.45 µs, docs/overhead.md). Past 8 000 requests a second the
 * readings grow again, so that a route with 1 % of the requests keeps a reading or more a second.
 * The draw depends on the process's past rate and a random number, never on the request, so the
 * weighted count and sum of every route estimate its requests' and their CPU without bias
 * (Horvitz–Thompson): means stay exact on average, a rare route in a busy process gets noisier.
 *
 * <p>The rate is the process's, not the thread's: a Spring Boot service spreads 3 000 requests a
 * second over ≈ 25 workers, 120 each, which a per-thread criterion (the former one, ≥ 160 a thread)
 * never counted as busy. Each thread counts its requests in its own window of
 * {@value #WINDOW_MILLIS} ms and, when the window ends, adds the count to one process-wide
 * {@link LongAdder} and reads the adder's growth since its previous window: the requests every
 * thread reported meanwhile, over the time that passed. A request pays a thread-local increment;
 * the shared counter is touched once a window per thread.
 *
 * <p>Owned by one thread ({@link RequestTimes}) but for the shared counter: no allocation.
 */
final class CpuSampling {

    /** The process's requests a second from which the CPU clock is sampled. */
    static final long BUSY_PER_SECOND = 1_000;
    /** Readings a second a busy process aims at: one in {@link #MIN_EVERY} at the threshold. */
    static final long READS_PER_SECOND = 125;
    /** In a busy process a request reads the CPU clock with probability one in this many at least (a power of two). */
    static final int MIN_EVERY = 8;
    /** … and at most (a power of two). */
    static final int MAX_EVERY = 64;
    static final long WINDOW_MILLIS = 100;
    private static final long WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(WINDOW_MILLIS);
    private static final long SECOND_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** Keeps {@code BUSY_PER_SECOND × elapsed} within a long after a thread idle for months. */
    private static final long MAX_ELAPSED_NANOS = TimeUnit.DAYS.toNanos(1);
    private static final int DRAW_BITS = Integer.numberOfTrailingZeros(MAX_EVERY);
    /** Requests every thread of the process reported at the end of its windows. */
    private static final LongAdder PROCESS_REQUESTS = new LongAdder();

    private final LongAdder processRequests;
    private long windowStart;
    private int windowRequests;
    /** {@link #processRequests}' sum when this thread's previous window ended. */
    private long processSeen;
    /** n − 1 while the process is busy, else 0: the draw's bits that must be zero. */
    private int mask;
    /** xorshift64 state: never zero. */
    private long random;

    CpuSampling(long nowNanos, long seed) {
        this(nowNanos, seed, PROCESS_REQUESTS);
    }

    /** @param processRequests the counter the process's threads share (tests give their own) */
    CpuSampling(long nowNanos, long seed, LongAdder processRequests) {
        this.processRequests = processRequests;
        this.processSeen = processRequests.sum();
        this.windowStart = nowNanos - WINDOW_NANOS; // the first request ends an empty window: not busy
        this.random = seed * 0x9E3779B97F4A7C15L | 1;
    }

    /**
     * How many requests the request opening now stands for in the CPU meters; 0: it does not read
     * the clock. Without a branch on "busy": a JIT that compiled this inside Tomcat's valve while
     * the process was always busy would otherwise drop to the interpreter when the load falls
     * (measured: a low step after a saturated one read ×1.5–2 its CPU per request until recompiled,
     * which at 25 requests a second takes minutes).
     */
    int weight(long nowNanos) {
        long elapsed = nowNanos - windowStart;
        if (elapsed >= WINDOW_NANOS) {
            endWindow(elapsed);
            windowStart = nowNanos;
            windowRequests = 0;
        }
        windowRequests++;
        random ^= random << 13;
        random ^= random >>> 7;
        random ^= random << 17;
        long missed = (random >>> (Long.SIZE - DRAW_BITS)) & mask; // 0 when drawn, always when not busy
        return (mask + 1) * (int) (1 - ((-missed) >>> 63));
    }

    /**
     * Reports this thread's window and decides from the process's rate since the previous one. A
     * window followed by an idle gap is not reported: its requests are old news by now, and an
     * idle process must not look busy because its threads report late.
     */
    private void endWindow(long sinceWindowStart) {
        long elapsed = Math.min(sinceWindowStart, MAX_ELAPSED_NANOS);
        int recent = (int) ((elapsed - 2 * WINDOW_NANOS) >>> 63);
        processRequests.add(windowRequests * recent);
        long total = processRequests.sum();
        long requests = total - processSeen;
        processSeen = total;
        // busy ⇔ requests / elapsed ≥ BUSY_PER_SECOND / second
        int busy = (int) ((BUSY_PER_SECOND * elapsed - requests * SECOND_NANOS - 1) >>> 63);
        long perRead = (long) (requests * (double) SECOND_NANOS / Math.max(elapsed, 1) / READS_PER_SECOND);
        int every = (int) Long.highestOneBit(Math.min(Math.max(perRead, MIN_EVERY), MAX_EVERY));
        mask = (every - 1) * busy;
    }
}
