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
 * <p>A thread is followed from the first request it opens (one {@code readlink} of
 * {@code /proc/thread-self} and one read of its schedstat, once per thread, never again on the
 * hot path); only its delay after that counts. The files are read when the meter is scraped.
 * Threads that ended (Tomcat shrinks its pool) keep their share in a retired sum, so the counter
 * never goes down. At most {@link #MAX_THREADS} threads are followed at once, whatever the
 * application does.
 */
public final class RequestThreadsCoreWait implements MeterBinder {

    /** Far above Tomcat's default 200 workers: the bound only guards against thread-per-request code. */
    static final int MAX_THREADS = 1024;
    /** Three 64-bit numbers in decimal and their separators fit. */
    private static final int LINE_BYTES = 96;

    private final Path threadSelf;
    /** The calling thread's schedstat, whichever thread reads it. */
    private final String ownSchedstat;
    /** {@code <fsRoot>/proc/self/task/}: a String, so a read builds no Path. */
    private final String tasks;
    /** One schedstat line ("cpu_ns run_delay_ns timeslices"); reused by the reader, guarded by {@code this}. */
    private final byte[] line = new byte[LINE_BYTES];
    private final Map<Integer, Followed> followed = new ConcurrentHashMap<>();
    /** Delay of threads no longer followed (ended, or their id reused), in ns; guarded by {@code this}. */
    private long retiredNanos;

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
                .description("Time the threads that serve requests spent runnable, waiting for a core (Linux schedstat run_delay)")
                .register(registry);
    }

    /** Follows the calling thread from now on; called once per thread, the first time it opens a request. */
    void followCurrentThread() {
        if (followed.size() >= MAX_THREADS) {
            return;
        }
        try {
            // "/proc/thread-self" links to "PID/task/TID"
            int tid = Integer.parseInt(Files.readSymbolicLink(threadSelf).getFileName().toString());
            // Its own buffer: a request thread never waits for a scrape's lock.
            long now = runDelay(ownSchedstat, new byte[LINE_BYTES]);
            if (now >= 0) {
                followed.put(tid, new Followed(now));
            }
        } catch (IOException | RuntimeException unreadable) {
            // This thread's waits stay out of the sum; the others are still read.
        }
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
