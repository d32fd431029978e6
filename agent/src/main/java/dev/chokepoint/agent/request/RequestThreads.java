package dev.chokepoint.agent.request;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The threads that serve requests (Tomcat's workers, in practice), by Java thread id: a probe that
 * sees every thread's waits (the wait probe's JFR events, read on its own thread a second later)
 * tells a request's wait from a background thread's with {@link #contains}.
 *
 * <p>A thread joins at the first request it opens, once (the same per-thread flag as the core-wait
 * registry), never again on the hot path. Java thread ids are not reused, so an id stays right
 * after its thread ended; ended threads are dropped only when the registry is full, which keeps it
 * at most {@link #MAX_THREADS} ids whatever the application does (thread-per-request code, a pool
 * that shrinks and grows every step).
 */
public final class RequestThreads {

    /** Far above Tomcat's default 200 workers. */
    static final int MAX_THREADS = 4096;
    private static final Map<Long, WeakReference<Thread>> THREADS = new ConcurrentHashMap<>();

    private RequestThreads() {
    }

    /** Whether the thread of this id has served a request. */
    public static boolean contains(long javaThreadId) {
        return THREADS.containsKey(javaThreadId);
    }

    /** Adds the calling thread; called once per thread, at the first request it opens. */
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

    static int size() {
        return THREADS.size();
    }
}
