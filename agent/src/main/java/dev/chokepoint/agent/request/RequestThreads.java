package dev.chokepoint.agent.request;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The threads that serve requests (Tomcat's workers, or its virtual threads), by Java thread id: a
 * probe that sees every thread's waits (the wait probe's JFR events, read on its own thread a
 * second later) tells a request's wait from a background thread's with {@link #contains}.
 *
 * <p>A platform thread joins at the first request it opens, once (the same per-thread flag as the
 * core-wait registry), never again on the hot path. Java thread ids are not reused, so an id stays
 * right after its thread ended; ended threads are dropped only when the registry is full, which
 * keeps it at most {@link #MAX_THREADS} ids whatever the application does (thread-per-request
 * code, a pool that shrinks and grows every step).
 *
 * <p>A virtual thread serves one request and ends, so every request is a new id, and its waits
 * reach {@link #contains} a second or more after it ended: dropping ended threads would drop them
 * before their waits are read. Virtual threads go to a table of {@link #VIRTUAL_SLOTS} ids
 * instead, slot = id modulo its size: Java gives ids in sequence, so a slot is overwritten only
 * once that many more threads were created (at 5 000 requests a second, after 6 s or more). A
 * request pays one ordered store there: no allocation, no lock, nothing to sweep. The table is
 * made at the first virtual thread's request (256 KB; none where no request runs on one).
 */
public final class RequestThreads {

    /** Far above Tomcat's default 200 workers. */
    static final int MAX_THREADS = 4096;
    /** A power of two. */
    static final int VIRTUAL_SLOTS = 1 << 15;
    private static final Map<Long, WeakReference<Thread>> THREADS = new ConcurrentHashMap<>();
    private static volatile AtomicLongArray virtualIds;

    private RequestThreads() {
    }

    /** Whether the thread of this id has served a request. */
    public static boolean contains(long javaThreadId) {
        AtomicLongArray virtual = virtualIds;
        return virtual != null && javaThreadId > 0 && virtual.getAcquire(slot(javaThreadId)) == javaThreadId
                || THREADS.containsKey(javaThreadId);
    }

    /** Adds the calling platform thread; called once per thread, at the first request it opens. */
    @SuppressWarnings("deprecation") // Thread.getId: threadId() is Java 19+, the agent runs on 17
    static void addCurrentThread() {
        if (THREADS.size() >= MAX_THREADS) {
            THREADS.values().removeIf(ref -> {
                Thread thread = ref.get();
                return thread == null || !thread.isAlive();
            });
            if (THREADS.size() >= MAX_THREADS) {
                return; // this thread's waits stay unnamed: "other wait" in the split
            }
        }
        Thread current = Thread.currentThread();
        THREADS.put(current.getId(), new WeakReference<>(current));
    }

    /** Adds a virtual thread that opens a request; called at every request on a virtual thread. */
    static void addVirtual(long javaThreadId) {
        AtomicLongArray virtual = virtualIds;
        if (virtual == null) {
            virtual = virtualTable();
        }
        virtual.setRelease(slot(javaThreadId), javaThreadId);
    }

    private static synchronized AtomicLongArray virtualTable() {
        if (virtualIds == null) {
            virtualIds = new AtomicLongArray(VIRTUAL_SLOTS);
        }
        return virtualIds;
    }

    private static int slot(long javaThreadId) {
        return (int) javaThreadId & (VIRTUAL_SLOTS - 1);
    }

    static int size() {
        return THREADS.size();
    }
}
