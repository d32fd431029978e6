package dev.chokepoint.agent.request;

import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.ProbeTarget;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * What the request advice calls at the start and end of every Tomcat request. Only JDK types
 * cross this boundary: the advice runs inside Tomcat's class (possibly in a child class loader)
 * and hands over Strings and ints.
 *
 * <p>Off ({@code metrics == null}) until the probe installs it; then a request costs two
 * {@code nanoTime} and two thread-CPU reads plus the timer records.
 */
public final class ServerRequests {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean CPU_SUPPORTED = THREADS.isCurrentThreadCpuTimeSupported();
    private static final ProbeTarget<RequestMetrics> METRICS = new ProbeTarget<>(RequestProbe.ID);
    private static volatile boolean cpuWarned;

    private ServerRequests() {
    }

    /** Switches recording on; it goes quiet again when {@code probeContext} reports the probe off. */
    public static void install(RequestMetrics requestMetrics, ProbeContext probeContext) {
        METRICS.install(requestMetrics, probeContext);
    }

    public static void start() {
        RequestMetrics target = METRICS.get();
        if (target != null && RequestTimes.current().open(System.nanoTime(), threadCpuNanos())) {
            target.started();
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
     * @param routePattern the route attribute now; the one {@link #routed} kept wins over it
     * @param asyncStarted the request went asynchronous: its response is not written yet, so its
     *                     time is not known here; it is counted out of flight and not recorded
     */
    public static void end(String method, Object routePattern, String path, int status, boolean asyncStarted) {
        RequestMetrics target = METRICS.get();
        RequestTimes times = RequestTimes.current();
        if (target == null || times.depth == 0 || !times.close()) {
            return;
        }
        target.ended();
        if (asyncStarted) {
            return;
        }
        long wall = System.nanoTime() - times.startNanos;
        long cpu = times.startCpuNanos < 0 ? -1 : threadCpuNanos() - times.startCpuNanos;
        Object route = times.routePattern != null ? times.routePattern : routePattern;
        times.routePattern = null; // no reference to the application's objects outlives the request
        target.record(method, route, path, status, wall, cpu,
                times.poolWaitNanos, times.jdbcNanos, times.remoteNanos);
    }

    /** The current thread's CPU time, or -1 where it cannot be read (virtual threads, some JVMs). */
    static long threadCpuNanos() {
        long cpu = -1;
        if (CPU_SUPPORTED) {
            try {
                cpu = THREADS.getCurrentThreadCpuTime();
            } catch (UnsupportedOperationException unsupported) {
                cpu = -1;
            }
        }
        if (cpu < 0 && !cpuWarned) {
            cpuWarned = true;
            System.err.println("chokepoint: request CPU time cannot be read on thread '"
                    + Thread.currentThread().getName() + "' (virtual thread or no thread CPU clock);"
                    + " chokepoint.request.cpu leaves such requests out");
        }
        return cpu;
    }
}
