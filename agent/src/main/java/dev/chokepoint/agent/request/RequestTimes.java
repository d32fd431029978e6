package dev.chokepoint.agent.request;

import dev.chokepoint.agent.meterfeed.MeterFeed;
import dev.chokepoint.agent.meterfeed.TimerRing;
import io.micrometer.core.instrument.Timer;

import java.util.concurrent.atomic.LongAdder;

/**
 * Where the current server request's time went, accumulated on its own thread.
 *
 * <p>One instance per thread, reused for every request that thread serves, so the hot path
 * allocates nothing: Tomcat's worker threads are pooled, the {@link ThreadLocal} entry lives as
 * long as the worker, and a slot by thread id ({@link RequestTimesSlots}) finds it faster. On virtual threads each request is a new thread and makes its own (one small
 * object beside the thread itself, its stack and its thread-local map): a request's times must stay
 * with it when it unmounts, so nothing per carrier can hold them. The pool probe, the JDBC probe and the HTTP client probe add their time
 * here; it counts only while a request is open on the thread ({@code depth > 0}), so connection
 * creation on Hikari's own threads or statements run at start-up are not charged to anyone.
 *
 * <p>It also keeps its thread's ring on the meter feed: every timer record the agent makes
 * ({@link #record}) goes through the times the request probe reads anyway.
 */
public final class RequestTimes {

    private static final ThreadLocal<RequestTimes> CURRENT = ThreadLocal.withInitial(RequestTimes::new);

    int depth;
    long startNanos;
    /** Requests the open one stands for in the CPU meters, 0 when it does not read the CPU clock ({@link CpuSampling}). */
    int cpuWeight;
    long startCpuNanos;
    long poolWaitNanos;
    long jdbcNanos;
    long remoteNanos;
    /**
     * The route as the application's servlet left it, before Tomcat's error-page dispatch
     * (Spring's {@code /error}) overwrote it; null until the context valve returns.
     */
    Object routePattern;
    /** Nesting of outbound HTTP calls (interceptors wrap the real request): only the outermost is timed. */
    int outboundDepth;
    /** When the outermost outbound call started (0: not timed), and its response's status (0: none read). */
    public long outboundStartNanos;
    public int outboundStatus;
    /** This thread is in {@link RequestThreads}, and its core wait followed ({@link RequestThreadsCoreWait}) where it can be. */
    boolean threadFollowed;
    /**
     * A virtual thread: it serves one request and ends, so this object lives as long as that
     * request, and the JVM reads no CPU time for it ({@link ServerRequests#threadCpuNanos}).
     */
    final boolean virtual;
    /** The thread these times are of (a slot in {@link RequestTimesSlots} is matched against it). */
    final Thread owner;
    /** Null on a virtual thread: its one request's CPU is unknown, and there is no clock to sample. */
    private final CpuSampling cpuSampling;
    /** This thread's last route and statement lookups; null on a virtual thread, which serves one request. */
    final LastLookup lastRoute;
    private final LastLookup lastStatement;
    /** This thread's ring on the meter feed; null on a virtual thread, until the feed runs, or past its cap. */
    private TimerRing ring;
    /** This thread tried to take its slot in {@link RequestTimesSlots}. */
    private boolean slotTried;
    /** The feed was asked for {@link #ring} while it ran: the answer stands. */
    private boolean ringAsked;

    @SuppressWarnings("deprecation") // Thread.getId: threadId() is Java 19+, the agent runs on 17
    private RequestTimes() {
        Thread thread = Thread.currentThread();
        owner = thread;
        virtual = VirtualThreads.isVirtual(thread);
        cpuSampling = virtual ? null : new CpuSampling(System.nanoTime(), thread.getId());
        lastRoute = virtual ? null : new LastLookup();
        lastStatement = virtual ? null : new LastLookup();
    }

    /** The current thread's times: from its slot by thread id where it has one, from the thread-local otherwise. */
    public static RequestTimes current() {
        Thread thread = Thread.currentThread();
        RequestTimes times = RequestTimesSlots.find(thread);
        return times != null ? times : fromThreadLocal();
    }

    private static RequestTimes fromThreadLocal() {
        RequestTimes times = CURRENT.get();
        if (!times.virtual && !times.slotTried) {
            times.slotTried = true; // a thread whose slot is another live thread's asks once, not at every lookup
            RequestTimesSlots.claim(times);
        }
        return times;
    }

    /** This thread's last statement lookup (the JDBC probe's), or null on a virtual thread. */
    public LastLookup lastStatement() {
        return lastStatement;
    }

    public void addPoolWait(long nanos) {
        if (depth > 0 && nanos > 0) {
            poolWaitNanos += nanos;
        }
    }

    public void addJdbc(long nanos) {
        if (depth > 0 && nanos > 0) {
            jdbcNanos += nanos;
        }
    }

    public void addRemote(long nanos) {
        if (depth > 0 && nanos > 0) {
            remoteNanos += nanos;
        }
    }

    /** Records {@code nanos} into {@code timer} through this thread's ring on the meter feed (on this thread only). */
    public void record(Timer timer, long nanos) {
        MeterFeed.record(ring(), timer, nanos);
    }

    /** Adds {@code value} to {@code sum} through this thread's ring on the meter feed (on this thread only). */
    void add(LongAdder sum, long value) {
        MeterFeed.add(ring(), sum, value);
    }

    private TimerRing ring() {
        if (ring == null && !ringAsked && !virtual) {
            ring = MeterFeed.ringOfCurrentThread();
            ringAsked = MeterFeed.running();
        }
        return ring;
    }

    /** Enters an outbound call; true when it is the outermost one on this thread. */
    public boolean enterOutbound() {
        return outboundDepth++ == 0;
    }

    /** Leaves an outbound call; true when it was the outermost one. */
    public boolean exitOutbound() {
        if (outboundDepth > 0) {
            outboundDepth--;
        }
        return outboundDepth == 0;
    }

    /**
     * Opens a request on this thread; true for the outermost (nested invocations are not requests),
     * whose caller then sets {@link #startCpuNanos} if {@link #cpuWeight} says it reads the clock.
     */
    boolean open(long nowNanos) {
        if (depth++ > 0) {
            return false;
        }
        startNanos = nowNanos;
        // Weight 1 on a virtual thread, whose reading is then unknown (-1): an asynchronous request's
        // sum over its dispatches stays unknown too, where a weight of 0 would add a CPU time of 0.
        cpuWeight = cpuSampling == null ? 1 : cpuSampling.weight(nowNanos);
        startCpuNanos = 0;
        poolWaitNanos = 0;
        jdbcNanos = 0;
        remoteNanos = 0;
        routePattern = null;
        return true;
    }

    /** Closes a request level; true when the outermost one closed and the request must be recorded. */
    boolean close() {
        if (depth > 0) {
            depth--;
        }
        return depth == 0;
    }
}
