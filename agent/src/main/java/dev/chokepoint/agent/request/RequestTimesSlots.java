package dev.chokepoint.agent.request;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The platform threads' {@link RequestTimes}, found by thread id before any thread-local lookup.
 *
 * <p>Why: a request reads its thread's times seven times (open, pool wait, statement, pool usage,
 * route, close, record). On Tomcat's workers the {@link ThreadLocal} lookup misses its hash slot
 * more often than not: the workers' thread-local maps churn (a read-write lock's hold counter is
 * removed and put back at every read lock) and probe linearly; a profile of {@code /select} put
 * ≈ 1 % of the workers' CPU there. Here a lookup is the current thread, its id, one array load and
 * one comparison.
 *
 * <p>A slot holds the times of one live thread whose id falls on it; a thread that finds its slot
 * taken by another live thread, and every virtual thread (each serves one request and ends), keeps
 * using the thread-local. A slot is taken over once its thread has ended, so a dead thread's times
 * stay reachable until then: {@value #SLOTS} small objects at most.
 */
final class RequestTimesSlots {

    /** A power of two; thread ids are given out in sequence, so live workers rarely share a slot. */
    static final int SLOTS = 4096;
    private static final int MASK = SLOTS - 1;
    private static final RequestTimes[] BY_ID = new RequestTimes[SLOTS];
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(RequestTimes[].class);

    private RequestTimesSlots() {
    }

    /**
     * The times {@code thread} (the current thread) keeps in its slot, or null. A plain read: a
     * slot another thread wrote may look stale or empty, which only sends this thread to the
     * thread-local; {@link RequestTimes#owner} is final, so the comparison never reads it half made.
     */
    @SuppressWarnings("deprecation") // Thread.getId: threadId() is Java 19+, the agent runs on 17
    static RequestTimes find(Thread thread) {
        RequestTimes times = BY_ID[(int) thread.getId() & MASK];
        return times != null && times.owner == thread ? times : null;
    }

    /** Puts the current platform thread's {@code times} in its slot, if it is free or its thread ended. */
    @SuppressWarnings("deprecation")
    static void claim(RequestTimes times) {
        int slot = (int) times.owner.getId() & MASK;
        RequestTimes held = (RequestTimes) SLOT.getVolatile(BY_ID, slot);
        if (held == null || !held.owner.isAlive()) {
            SLOT.compareAndSet(BY_ID, slot, held, times);
        }
    }
}
