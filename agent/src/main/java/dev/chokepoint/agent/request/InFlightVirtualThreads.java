package dev.chokepoint.agent.request;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;

/**
 * The virtual threads serving a request right now, for the wait probe's sampler: JFR records no
 * park of a virtual thread (it unmounts instead, measured on Java 25), so their waits are read by
 * looking at these threads (docs/metrics.md, "Waits of requests on virtual threads").
 *
 * <p>A fixed table of {@link #SLOTS} slots, slot = thread id modulo its size: a request on a
 * virtual thread stores its thread at its start and clears the slot at its end if the slot still
 * holds it. No allocation, no lock, no list to sweep; work for a reader bounded by the table. Java
 * gives thread ids in sequence, so two threads share a slot only when one is still serving while
 * {@value #SLOTS} later threads were created; then the later one takes the slot and the earlier
 * one goes unsampled for the rest of its request (its end finds the slot not its own and leaves
 * it). Platform threads are never added: JFR records their waits.
 *
 * <p>The table is made (16 KB) and the sampler started at the first request on a virtual thread,
 * and only if the wait probe asked for it ({@link #sampleWith}): a service on platform threads
 * gets neither the table nor the sampler's thread, and its requests pay nothing here.
 */
public final class InFlightVirtualThreads {

    /** A power of two; far above the requests a service keeps in flight. */
    public static final int SLOTS = 4096;

    /** Set by the wait probe; null while no probe wants the virtual threads sampled. */
    private static volatile Consumer<InFlightVirtualThreads> sampler;
    private static volatile InFlightVirtualThreads current;

    private final AtomicReferenceArray<Thread> slots;
    private final int mask;

    /** @param slots a power of two */
    public InFlightVirtualThreads(int slots) {
        if (slots <= 0 || Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("slots must be a power of two, got " + slots);
        }
        this.slots = new AtomicReferenceArray<>(slots);
        this.mask = slots - 1;
    }

    /**
     * Asks for the in-flight virtual threads: {@code startSampler} gets the table at the first
     * request on a virtual thread (at once if one ran already), on that request's thread, once. It
     * must return quickly and never throw.
     */
    public static synchronized void sampleWith(Consumer<InFlightVirtualThreads> startSampler) {
        sampler = startSampler;
        InFlightVirtualThreads table = current;
        if (table != null) {
            startSampler.accept(table);
        }
    }

    /** A request opened on the current virtual thread. */
    static void entered(Thread thread) {
        InFlightVirtualThreads table = current;
        if (table == null) {
            if (sampler == null) {
                return;
            }
            table = first();
        }
        table.add(thread);
    }

    /** The request open on the current virtual thread ended. */
    static void left(Thread thread) {
        InFlightVirtualThreads table = current;
        if (table != null) {
            table.remove(thread);
        }
    }

    private static synchronized InFlightVirtualThreads first() {
        if (current == null) {
            InFlightVirtualThreads table = new InFlightVirtualThreads(SLOTS);
            current = table;
            sampler.accept(table);
        }
        return current;
    }

    /** Stores {@code thread} in its slot, whoever held it (that one goes unsampled). */
    @SuppressWarnings("deprecation") // Thread.getId: threadId() is Java 19+, the agent runs on 17
    public void add(Thread thread) {
        slots.setRelease(slot(thread.getId()), thread);
    }

    /** Clears {@code thread}'s slot if it still holds it. */
    @SuppressWarnings("deprecation")
    public void remove(Thread thread) {
        forget(slot(thread.getId()), thread);
    }

    public int slots() {
        return mask + 1;
    }

    /** The thread in slot {@code slot}, or null. */
    public Thread at(int slot) {
        return slots.getAcquire(slot);
    }

    /**
     * Clears slot {@code slot} if it still holds {@code thread}: its end, or a reader that found
     * it terminated (a request whose end the agent never saw, once the probe went off).
     */
    public void forget(int slot, Thread thread) {
        slots.compareAndSet(slot, thread, null);
    }

    private int slot(long threadId) {
        return (int) threadId & mask;
    }
}
