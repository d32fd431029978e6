package dev.chokepoint.agent.request;

/**
 * An asynchronous request between its first dispatch and its completion, kept as a Tomcat request
 * note (cleared when Tomcat recycles the request). The only per-request allocation of the request
 * probe, and only for requests that go asynchronous: their time spans threads, so it cannot live
 * on one thread's {@link RequestTimes}.
 *
 * <p>CPU, pool wait, JDBC and remote time are those of the container-thread dispatches (the
 * first one and any {@code AsyncContext.dispatch}); work the application hands to its own
 * executors is not seen. Tomcat runs one dispatch of a request at a time; the fields are
 * volatile because consecutive dispatches may run on different threads.
 */
final class AsyncRequest {

    final long startNanos;
    private volatile long cpuNanos;
    private volatile long poolWaitNanos;
    private volatile long jdbcNanos;
    private volatile long remoteNanos;
    private volatile Object routePattern;

    AsyncRequest(long startNanos) {
        this.startNanos = startNanos;
    }

    /**
     * Adds one dispatch's share; {@code segmentCpu < 0} marks the CPU as unknown for good. A
     * dispatch's CPU counts {@code times.cpuWeight} times (0 when it did not read the clock): each
     * dispatch's part is then an unbiased estimate, and so is their sum, recorded as one request.
     */
    void add(long segmentCpu, RequestTimes times, Object route) {
        cpuNanos = cpuNanos < 0 || segmentCpu < 0 ? -1 : cpuNanos + segmentCpu * times.cpuWeight;
        poolWaitNanos += times.poolWaitNanos;
        jdbcNanos += times.jdbcNanos;
        remoteNanos += times.remoteNanos;
        if (route != null) {
            routePattern = route;
        }
    }

    void record(RequestMetrics metrics, String method, Object currentRoute, String path, int status) {
        Object route = routePattern != null ? routePattern : currentRoute;
        metrics.record(RequestTimes.current(), method, route, path, status, System.nanoTime() - startNanos, cpuNanos, 1,
                poolWaitNanos, jdbcNanos, remoteNanos);
    }
}
