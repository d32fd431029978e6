package dev.chokepoint.agent.wait;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code chokepoint.request.wait} {kind}: the waits of the threads that serve requests, in
 * seconds, as parts of the per-request split beside CPU, pool wait, JDBC, remote and core wait:
 * {@code lock} (blocked entering a {@code synchronized} monitor), {@code park} (parked: a
 * {@code ReentrantLock}, a future of an application executor or an async client, a queue, a
 * semaphore) and {@code socket} (reads and writes of clients without a probe: Redis through Jedis,
 * a search cluster, a slow client's upload).
 *
 * <p>From JFR's wait events (waits of at least the JFR thresholds) on platform threads; on virtual
 * threads, whose parks and monitor waits JFR does not record, {@code lock} and {@code park} come
 * from {@link VirtualWaitSampler} instead (an estimate from looks 20 ms apart), and only
 * {@code socket} from JFR.
 *
 * <p>Left out, because the split counts them already: waits inside a call another part times (a
 * pool acquire, a statement, a probed outbound call; see {@link StackSites#insideTimedCall}), socket
 * waits to a port such a call uses, idle pool threads' parks, and a server worker's park on its
 * connection's lock before the request starts ({@link StackSites#isBeforeRequest}). Written by the
 * JFR consumer thread and the sampler's; read at scrape time.
 */
final class RequestWaits implements MeterBinder {

    static final String METER = "chokepoint.request.wait";

    private final AtomicLong lockNanos = new AtomicLong();
    private final AtomicLong parkNanos = new AtomicLong();
    private final AtomicLong socketNanos = new AtomicLong();

    @Override
    public void bindTo(MeterRegistry registry) {
        counter(registry, "lock", lockNanos, "blocked entering a synchronized monitor");
        counter(registry, "park", parkNanos, "parked: j.u.c locks, futures, queues, semaphores");
        counter(registry, "socket", socketNanos, "socket reads and writes of clients without a probe");
    }

    private void counter(MeterRegistry registry, String kind, AtomicLong nanos, String what) {
        FunctionCounter.builder(METER, nanos, n -> n.get() / 1e9)
                .tag("kind", kind)
                .baseUnit("seconds")
                .description("Time the threads that serve requests waited (waits of at least the JFR threshold;"
                        + " on virtual threads, lock and park sampled every 20 ms), by kind: " + what)
                .register(registry);
    }

    void lock(long nanos) {
        lockNanos.addAndGet(nanos);
    }

    void park(long nanos) {
        parkNanos.addAndGet(nanos);
    }

    void socket(long nanos) {
        socketNanos.addAndGet(nanos);
    }
}
