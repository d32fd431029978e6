package dev.chokepoint.agent.request;

import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.ProbeTarget;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the request advice calls at the start and end of every Tomcat request. Only JDK types
 * cross this boundary: the advice runs inside Tomcat's class (possibly in a child class loader)
 * and hands over Strings and ints.
 *
 * <p>Off ({@code metrics == null}) until the probe installs it; then a request costs two
 * {@code nanoTime} and two thread-CPU reads plus the timer records; in a busy process one request in
 * {@value CpuSampling#MIN_EVERY} to {@value CpuSampling#MAX_EVERY} reads the CPU clock ({@link CpuSampling}),
 * and a request on a virtual thread never does (there is none to read). A request on a virtual
 * thread also stores its thread in {@link InFlightVirtualThreads} and clears it at its end, when the
 * wait probe samples them.
 */
public final class ServerRequests {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean CPU_SUPPORTED = THREADS.isCurrentThreadCpuTimeSupported();
    private static final ProbeTarget<RequestMetrics> METRICS = new ProbeTarget<>(RequestProbe.ID);
    /** Set by the one thread that says so: two request threads that fail at once print one line. */
    private static final AtomicBoolean CPU_WARNED = new AtomicBoolean();
    /** Null where the request threads' core wait cannot be read: nothing to follow. */
    private static volatile RequestThreadsCoreWait coreWait;

    private ServerRequests() {
    }

    /** Switches recording on; it goes quiet again when {@code probeContext} reports the probe off. */
    public static void install(RequestMetrics requestMetrics, ProbeContext probeContext) {
        METRICS.install(requestMetrics, probeContext);
    }

    /** Follows each thread that serves a request from its first one on. */
    static void followThreads(RequestThreadsCoreWait wait) {
        coreWait = wait;
    }

    public static void start() {
        RequestMetrics target = METRICS.get();
        if (target == null) {
            return;
        }
        RequestTimes times = RequestTimes.current();
        long now = System.nanoTime();
        if (times.open(now)) {
            if (times.cpuWeight > 0) {
                times.startCpuNanos = times.virtual ? virtualThreadCpu() : threadCpuNanos();
            }
            target.started();
            if (times.virtual) {
                InFlightVirtualThreads.entered(Thread.currentThread());
            }
            if (!times.threadFollowed) {
                times.threadFollowed = true;
                follow(times, now);
            }
        }
    }

    /**
     * A thread's first request. A virtual thread's first is its only one: it costs an ordered store
     * and a volatile read (its carrier is looked at only now and then), never a system call.
     */
    @SuppressWarnings("deprecation") // Thread.getId: threadId() is Java 19+, the agent runs on 17
    private static void follow(RequestTimes times, long now) {
        RequestThreadsCoreWait wait = coreWait;
        if (times.virtual) {
            RequestThreads.addVirtual(Thread.currentThread().getId());
            if (wait != null) {
                wait.followCarrier(now);
            }
            return;
        }
        RequestThreads.addCurrentThread();
        if (wait != null) {
            wait.followCurrentThread();
        }
    }

    /** The request's servlet returned: keeps the route it matched, whatever error page runs next. */
    public static void routed(Object routePattern) {
        RequestTimes times = RequestTimes.current();
        if (times.depth > 0 && times.routePattern == null) {
            times.routePattern = routePattern;
        }
    }

    /**
     * Ends a container dispatch of a request and records it, unless the request is asynchronous.
     *
     * @param routePattern the route attribute now; the one {@link #routed} kept wins over it
     * @param asyncStarted the request went asynchronous: its response is not written yet
     * @param asyncNote    what an earlier dispatch of this request returned, or null
     * @return an object the advice keeps on the request (a Tomcat note) when the request went
     *         asynchronous for the first time; {@link #asyncCompleted} records it. Null otherwise.
     */
    public static Object end(String method, Object routePattern, String path, int status,
                             boolean asyncStarted, Object asyncNote) {
        RequestMetrics target = METRICS.get();
        RequestTimes times = RequestTimes.current();
        if (target == null || times.depth == 0 || !times.close()) {
            return null;
        }
        if (times.virtual) {
            InFlightVirtualThreads.left(Thread.currentThread());
        }
        long cpu = times.cpuWeight == 0 ? 0 : times.startCpuNanos < 0 ? -1 : threadCpuNanos() - times.startCpuNanos;
        Object route = times.routePattern != null ? times.routePattern : routePattern;
        times.routePattern = null; // no reference to the application's objects outlives the request
        if (asyncNote instanceof AsyncRequest pending) {
            target.ended(); // this dispatch; the request itself stays in flight until it completes
            pending.add(cpu, times, route);
            return null;
        }
        if (asyncStarted) {
            AsyncRequest pending = new AsyncRequest(times.startNanos);
            pending.add(cpu, times, route);
            return pending; // still in flight: counted out when it completes
        }
        target.ended();
        target.record(times, method, route, path, status, System.nanoTime() - times.startNanos, cpu, times.cpuWeight,
                times.poolWaitNanos, times.jdbcNanos, times.remoteNanos);
        return null;
    }

    /** An asynchronous request completed (Tomcat fires its {@code onComplete}): records it whole. */
    public static void asyncCompleted(Object asyncNote, String method, Object routePattern, String path, int status) {
        RequestMetrics target = METRICS.get();
        if (target != null && asyncNote instanceof AsyncRequest pending) {
            target.ended();
            pending.record(target, method, routePattern, path, status);
        }
    }

    /** The current platform thread's CPU time, or -1 where it cannot be read (some JVMs). */
    static long threadCpuNanos() {
        long cpu = -1;
        if (CPU_SUPPORTED) {
            try {
                cpu = THREADS.getCurrentThreadCpuTime();
            } catch (UnsupportedOperationException unsupported) {
                // Some JDKs throw here instead of answering -1 (CPU time switched off at run
                // time): treat it as "cannot be read", warned about once below.
                cpu = -1;
            }
        }
        if (cpu < 0 && !CPU_WARNED.get()) {
            warnOnce("request CPU time cannot be read on thread '" + Thread.currentThread().getName()
                    + "' (this JVM has no thread CPU clock, or it is switched off); chokepoint.request.cpu leaves such requests out");
        }
        return cpu;
    }

    /**
     * -1, unread: the JVM keeps no CPU time per virtual thread ({@code getCurrentThreadCpuTime}
     * answers -1 on one, measured on Java 25), and the clock of the carrier it runs on would count
     * other virtual threads' CPU and miss its own after each unmount.
     */
    private static long virtualThreadCpu() {
        if (!CPU_WARNED.get()) {
            warnOnce("request CPU time cannot be read on virtual threads (thread '" + Thread.currentThread().getName()
                    + "'): the JVM keeps no CPU time per virtual thread; chokepoint.request.cpu leaves requests on"
                    + " virtual threads out (their wall, pool, JDBC and remote times are recorded)");
        }
        return -1;
    }

    /** Callers check {@link #CPU_WARNED} first, so that no message is built once it was said. */
    private static void warnOnce(String problem) {
        if (!CPU_WARNED.get() && CPU_WARNED.compareAndSet(false, true)) {
            System.err.println("chokepoint: " + problem);
        }
    }
}
