package dev.chokepoint.agent.request;

import dev.chokepoint.agent.runtime.KernelFile;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code chokepoint.request.core.wait}: the time the threads that serve requests spent runnable
 * but waiting for a core, from Linux's per-thread scheduler statistics
 * ({@code /proc/self/task/TID/schedstat}, second field: {@code run_delay}, in ns).
 *
 * <p>Why request threads only: a process starved by its neighbours (a full host, a noisy VM, a
 * load tool on the same cores) uses a small share of the cores, so no "CPU saturated" reading
 * holds, and PSI's pressure is the whole cgroup's or host's, GC and JIT threads included. Time
 * the request threads queued for a core is the share of request time the machine withheld, in
 * the same unit as the rest of the per-request split.
 *
 * <p>A platform thread is followed from the first request it opens (one {@code readlink} of
 * {@code /proc/thread-self} and one read of its schedstat, once per thread, never again on the
 * hot path); only its delay after that counts. The files are read when the meter is scraped.
 *
 * <p>On virtual threads the kernel sees only the carriers: a virtual thread waits for a core
 * exactly when its carrier does, so the carriers are what is followed. Every request is a new
 * virtual thread, so "once per thread" would be a {@code readlink} and a file read per request;
 * instead a request on a virtual thread looks at its carrier only when {@link #followCarrier} says
 * a look is due: one look process-wide every {@link #MIN_LOOK_NANOS}, twice as far apart after each
 * look that found a carrier already followed, up to {@link #MAX_LOOK_NANOS} (a few looks find the
 * scheduler's few carriers, then it costs a look a second). Carriers run every virtual thread of
 * the process, so on virtual threads the meter is the delay of the threads that run requests and
 * whatever else the application runs on virtual threads.
 *
 * <p>The counter never goes down, whatever threads come and go: a followed entry is never
 * replaced while its thread lives (a carrier seen again keeps the delay it has counted), and a
 * thread that ended (Tomcat retires idle workers, the scheduler its idle carriers) or whose id
 * the kernel gave to a new thread keeps its share in a retired sum. At most {@link #MAX_THREADS}
 * threads are followed at once, whatever the application does.
 */
public final class RequestThreadsCoreWait implements MeterBinder {

    /** Far above Tomcat's default 200 workers: the bound only guards against thread-per-request code. */
    static final int MAX_THREADS = 1024;
    /** Spacing of the carrier looks while they find carriers not followed yet. */
    static final long MIN_LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /** … and once they find only carriers already followed: a new carrier is found within seconds. */
    static final long MAX_LOOK_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** Three 64-bit numbers in decimal and their separators fit. */
    private static final int LINE_BYTES = 96;

    private final Path threadSelf;
    /** The calling thread's schedstat, whichever thread reads it. */
    private final String ownSchedstat;
    /** {@code <fsRoot>/proc/self/task/}: a String, so a read builds no Path. */
    private final String tasks;
    /** One schedstat line ("cpu_ns run_delay_ns timeslices"); reused by the reader, guarded by {@code this}. */
    private final byte[] line = new byte[LINE_BYTES];
    /** Written under {@code this}; a concurrent map so that a look can ask "followed?" without the lock. */
    private final Map<Integer, Followed> followed = new ConcurrentHashMap<>();
    /** Delay of threads no longer followed (ended, or their id reused), in ns; guarded by {@code this}. */
    private long retiredNanos;
    /** When the next carrier look is due ({@code System.nanoTime()}); a look claims it by moving it on. */
    private final AtomicLong nextLook = new AtomicLong(System.nanoTime());
    /** Spacing after the current look; written by the look that claimed {@link #nextLook} alone. */
    private long lookSpacing = MIN_LOOK_NANOS;

    RequestThreadsCoreWait(Path fsRoot) {
        this.threadSelf = fsRoot.resolve("proc/thread-self");
        this.ownSchedstat = threadSelf.resolve("schedstat").toString();
        this.tasks = fsRoot.resolve("proc/self/task") + "/";
    }

    /** Empty where the calling thread's schedstat cannot be read (not Linux, no /proc, schedstat off). */
    static Optional<RequestThreadsCoreWait> on(Path fsRoot) {
        RequestThreadsCoreWait wait = new RequestThreadsCoreWait(fsRoot);
        return runDelay(wait.ownSchedstat, new byte[LINE_BYTES]) >= 0
                ? Optional.of(wait) : Optional.empty();
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("chokepoint.request.core.wait", this, RequestThreadsCoreWait::seconds)
                .baseUnit("seconds")
                .description("Time the threads that serve requests (on virtual threads: their carriers) spent runnable,"
                        + " waiting for a core (Linux schedstat run_delay)")
                .register(registry);
    }

    /** Follows the calling platform thread from now on; called once per thread, the first time it opens a request. */
    void followCurrentThread() {
        follow();
    }

    /**
     * Called by every request that opens on a virtual thread: follows the carrier it runs on when a
     * look is due, else does nothing but read one volatile long (no system call, no allocation).
     */
    void followCarrier(long nowNanos) {
        long due = nextLook.get();
        if (nowNanos - due < 0 || !nextLook.compareAndSet(due, nowNanos + MAX_LOOK_NANOS)) {
            return;
        }
        // This thread alone looks until it sets the next due time.
        lookSpacing = follow() ? MIN_LOOK_NANOS : Math.min(2 * lookSpacing, MAX_LOOK_NANOS);
        nextLook.set(nowNanos + lookSpacing);
    }

    /** Follows the kernel thread the caller runs on; true when it was not followed before. */
    private boolean follow() {
        if (followed.size() >= MAX_THREADS) {
            return false;
        }
        try {
            // "/proc/thread-self" links to "PID/task/TID"; on a virtual thread, its carrier's
            int tid = Integer.parseInt(Files.readSymbolicLink(threadSelf).getFileName().toString());
            // By its id, not thread-self again: the same kernel thread whatever happens between the two.
            // Its own buffer: the scrape's is guarded by the lock, taken below only for the map.
            long now = runDelay(tasks + tid + "/schedstat", new byte[LINE_BYTES]);
            return now >= 0 && admit(tid, now);
        } catch (IOException | RuntimeException unreadable) {
            // This thread's waits stay out of the sum; the others are still read.
            return false;
        }
    }

    /**
     * Adds a thread unless it is followed already. An entry is never replaced while its thread may
     * live (a carrier seen again): its delay so far would drop out of the sum. Only a delay below
     * the entry's last reading proves the id now names another thread (the old one ended since the
     * last scrape): the old one's share is retired first, as a scrape would. A request thread waits
     * here at most for one scrape's reads, once in its life (on virtual threads, once a look).
     *
     * @return whether the thread was not followed before
     */
    private synchronized boolean admit(int tid, long delayNanos) {
        Followed known = followed.get(tid);
        if (known != null && delayNanos >= known.last) {
            return false;
        }
        if (known != null) {
            retiredNanos += known.last - known.base;
        } else if (followed.size() >= MAX_THREADS) {
            return false;
        }
        followed.put(tid, new Followed(delayNanos));
        return true;
    }

    /** Total delay of the followed threads since each was first followed, in seconds. */
    synchronized double seconds() {
        long live = 0;
        for (Iterator<Map.Entry<Integer, Followed>> it = followed.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Integer, Followed> e = it.next();
            Followed thread = e.getValue();
            long now = runDelay(tasks + e.getKey() + "/schedstat", line);
            if (now < thread.last) {
                // Ended (no file), or its id now names a new thread whose delay started over.
                retiredNanos += thread.last - thread.base;
                it.remove();
                continue;
            }
            thread.last = now;
            live += now - thread.base;
        }
        return (retiredNanos + live) / 1e9;
    }

    int followedThreads() {
        return followed.size();
    }

    /**
     * The run_delay field of a schedstat file ("cpu_ns run_delay_ns timeslices"), or -1. Read with
     * one open, read and close into a reused buffer: a scrape reads one file per followed thread.
     */
    private static long runDelay(String schedstat, byte[] line) {
        int n = KernelFile.readInto(schedstat, line);
        int i = 0;
        while (i < n && line[i] != ' ') {
            i++;
        }
        long delay = -1;
        for (i++; i < n && line[i] >= '0' && line[i] <= '9'; i++) {
            delay = (delay < 0 ? 0 : delay * 10) + (line[i] - '0');
        }
        return delay;
    }

    /** A followed thread: its delay when first followed and at the last read (ns). */
    private static final class Followed {
        final long base;
        long last;

        Followed(long base) {
            this.base = base;
            this.last = base;
        }
    }
}
