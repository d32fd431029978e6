package dev.chokepoint.agent.wait;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * {@code chokepoint.request.wait} {kind}: the wait events of the threads that serve requests, in
 * seconds, as parts of the per-request split beside CPU, pool wait, JDBC, remote and core wait:
 * {@code lock} (blocked entering a {@code synchronized} monitor), {@code park} (parked: a
 * {@code ReentrantLock}, a future of an application executor or an async client, a queue, a
 * semaphore) and {@code socket} (reads and writes of clients without a probe: Redis through Jedis,
 * a search cluster, a slow client's upload).
 *
 * <p>Left out, because the split counts them already: waits inside a call another part times (a
 * pool acquire, a statement, a probed outbound call; see {@link StackSites#insideTimedCall}), socket
 * waits to a port such a call uses, idle pool threads' parks, and a server worker's park on its
 * connection's lock before the request starts ({@link StackSites#isBeforeRequest}). Only events at or above the
 * JFR thresholds count (1 ms by default), so each part is "waits of at least 1 ms". Written by the
 * JFR consumer thread alone, so plain fields suffice; read at scrape time.
 */
final class RequestWaits implements MeterBinder {

    static final String METER = "chokepoint.request.wait";

    private volatile long lockNanos;
    private volatile long parkNanos;
    private volatile long socketNanos;

    @Override
    public void bindTo(MeterRegistry registry) {
        counter(registry, "lock", w -> w.lockNanos, "blocked entering a synchronized monitor");
        counter(registry, "park", w -> w.parkNanos, "parked: j.u.c locks, futures, queues, semaphores");
        counter(registry, "socket", w -> w.socketNanos, "socket reads and writes of clients without a probe");
    }

    private void counter(MeterRegistry registry, String kind, java.util.function.ToLongFunction<RequestWaits> nanos,
                         String what) {
        FunctionCounter.builder(METER, this, w -> nanos.applyAsLong(w) / 1e9)
                .tag("kind", kind)
                .baseUnit("seconds")
                .description("Time the threads that serve requests waited (waits of at least the JFR threshold), by kind: " + what)
                .register(registry);
    }

    @SuppressWarnings("NonAtomicOperationOnVolatileField") // one writer: the JFR consumer thread
    void lock(long nanos) {
        lockNanos += nanos;
    }

    @SuppressWarnings("NonAtomicOperationOnVolatileField")
    void park(long nanos) {
        parkNanos += nanos;
    }

    @SuppressWarnings("NonAtomicOperationOnVolatileField")
    void socket(long nanos) {
        socketNanos += nanos;
    }
}
