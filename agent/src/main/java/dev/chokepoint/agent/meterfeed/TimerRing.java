package dev.chokepoint.agent.meterfeed;

import io.micrometer.core.instrument.Timer;

import java.util.concurrent.atomic.LongAdder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;

/**
 * One platform thread's timer records (and sum increments) on their way to their timers (and
 * {@link LongAdder}s): written by that thread alone, fed by {@link MeterFeed} alone (under its
 * lock), so a record costs the writer two array stores and a release store, on cache lines no
 * other core writes.
 *
 * <p>Why: a Micrometer timer record is cheap on one thread (≈ 10–15 ns, docs/overhead.md) but its
 * count, total, decaying maximum and histogram buckets are shared by every thread that records the
 * same route or statement, and on a busy service those lines travel between cores at every record:
 * most of the agent's ≈ 1–2 µs of its own work a request on Tomcat's workers. A request's split
 * sums (CPU, pool wait, JDBC time by route) are {@link LongAdder}s, whose cells are at most as
 * many as the cores: Tomcat's dozens of workers share them, and their lines travel the same way.
 * The feed records both in batches on one thread, where the lines stay put.
 *
 * <p>Full (the feed is late: a starved core, a stop-the-world pause): {@link #offer} says no and the
 * caller records directly, so nothing is lost and the writer never waits.
 */
public final class TimerRing {

    /** A power of two: ≈ 6 KB a thread; at 20 drains a second, 10 000 records a second a thread before a record goes direct. */
    static final int CAPACITY = 512;
    private static final int MASK = CAPACITY - 1;
    private static final VarHandle WRITTEN;
    private static final VarHandle READ;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            WRITTEN = lookup.findVarHandle(TimerRing.class, "written", long.class);
            READ = lookup.findVarHandle(TimerRing.class, "read", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Thread owner;
    /** A {@link Timer} (the value is nanoseconds) or a {@link LongAdder} (the value is added). */
    private final Object[] targets = new Object[CAPACITY];
    private final long[] values = new long[CAPACITY];
    /** Records written; the owner's, published with release semantics. */
    private long written;
    /** Records fed; the feed's, published with release semantics. */
    private long read;
    /** The owner's last look at {@link #read}: it reads the feed's field only when the ring looks full. */
    private long readSeen;

    TimerRing(Thread owner) {
        this.owner = owner;
    }

    /** On the owner's thread: false when full, then the caller records directly. */
    boolean offer(Object target, long value) {
        long at = written;
        if (at - readSeen >= CAPACITY) {
            readSeen = (long) READ.getAcquire(this);
            if (at - readSeen >= CAPACITY) {
                return false;
            }
        }
        int slot = (int) at & MASK;
        targets[slot] = target;
        values[slot] = value;
        WRITTEN.setRelease(this, at + 1);
        return true;
    }

    /** On the feed's thread, its lock held: records what the owner wrote so far; a record that throws is skipped, and rethrown. */
    void feed() {
        long upTo = (long) WRITTEN.getAcquire(this);
        long at = read;
        try {
            for (; at < upTo; at++) {
                int slot = (int) at & MASK;
                Object target = targets[slot];
                if (target instanceof Timer timer) {
                    timer.record(values[slot], TimeUnit.NANOSECONDS);
                } else {
                    ((LongAdder) target).add(values[slot]);
                }
            }
        } finally {
            READ.setRelease(this, at < upTo ? at + 1 : at);
        }
    }
}
