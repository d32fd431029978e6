package dev.chokepoint.agent.wait;

import dev.chokepoint.agent.request.InFlightVirtualThreads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Names where requests on virtual threads wait. A virtual thread that parks unmounts, and JFR
 * records no {@code jdk.ThreadPark} for it (nor a {@code jdk.JavaMonitorEnter} when it blocks on a
 * monitor: measured on Java 25), so on virtual threads the park and monitor meters miss every
 * request's wait. Instead one agent thread ({@value #THREAD_NAME}) looks, on average every
 * {@link #INTERVAL_NANOS}, at the threads serving a request now ({@link InFlightVirtualThreads}):
 * one seen waiting (WAITING, TIMED_WAITING, BLOCKED) has the time since the previous look booked
 * to where it waits ({@link SampledWait}), in {@code chokepoint.wait.sampled} and in the request
 * split's {@code park} or {@code lock}. An estimate: a wait shorter than the interval is seen in
 * proportion to its length, on average right. A thread found by a look that follows one which found
 * no request in flight started its request since then, on average half-way: it is booked half the
 * interval. After a second without a request in flight the looks come {@link #IDLE_SPACING_NANOS}
 * apart, until one finds a request again.
 *
 * <p>A look reads a waiting thread's state, its blocker ({@code LockSupport.getBlocker}) and its
 * stack ({@code Thread.getStackTrace}: an unmounted virtual thread's stack is walked from its
 * saved frames while it is kept from mounting, no handshake; 6–16 µs on Java 25 here). A running thread is not looked at (its
 * stack would need a handshake with it). The stack is read again only when the thread's blocker
 * changed: a thread still parked on the same object at the next look is the same wait, so a
 * queue of waiters costs one stack each, not one per look. Work per look is bounded by the
 * table's {@value InFlightVirtualThreads#SLOTS} slots, and a look that took long spaces the next
 * ones out ({@link #SPACING_PER_LOOK}): the sampler keeps to about 2 % of one core whatever the
 * application keeps in flight.
 *
 * <p>Never harms the application: any failure prints one line, stops the sampler, and the rest of
 * the probe runs on; it stops too when the wait probe is switched off.
 */
final class VirtualWaitSampler implements Runnable {

    static final String THREAD_NAME = "chokepoint-wait-sampler";
    /**
     * Looks 20 ms apart on average (each spacing drawn between half and one and a half of it): a
     * request wait that matters (tens of ms, repeated over thousands of requests) is seen many
     * times a second, while 50 looks a second cost little.
     */
    static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    /**
     * The next look comes at least this many times the last look's time later (wall time: on a
     * saturated machine, whose preemptions lengthen a look, the sampler steps back too): at most
     * ≈ 2 % of a core.
     */
    static final int SPACING_PER_LOOK = 50;
    /** … but never further apart than this: a slow look (cold code, a GC pause inside it) is not the next one's cost. */
    static final long MAX_SPACING_NANOS = TimeUnit.SECONDS.toNanos(1);
    /**
     * The longest interval one look books, twice the longest spacing: a look held up longer than
     * that (a long GC pause, a stopped process) does not book it all to every thread it finds waiting.
     */
    static final long MAX_BOOKED_NANOS = 2 * MAX_SPACING_NANOS;
    /**
     * After a second of looks that found no request in flight, looks come {@link #IDLE_SPACING_NANOS}
     * apart, until one finds a request: an idle service's sampler wakes 5 times a second, not 50
     * (each wake-up cost ≈ 0.1 ms of CPU on this project's loaded two-core machines).
     */
    static final int IDLE_LOOKS = 50;
    static final long IDLE_SPACING_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    /** Distinct places kept (blocker, frame, site, split): far more than the meter's series cap. */
    static final int MAX_PLACES = 1024;

    private final InFlightVirtualThreads threads;
    private final WaitMetrics metrics;
    private final RequestWaits requestWaits;
    private final BooleanSupplier on;
    private final Consumer<String> failed;
    /** Per slot: the thread, blocker and state of the last wait read there, and its place. */
    private final Thread[] readThread;
    private final Object[] readBlocker;
    private final Thread.State[] readState;
    private final Place[] read;
    /** Places by their wait: threads waiting at the same place share one. */
    private final Map<SampledWait, Place> places = new HashMap<>();
    /** The places the current look saw a thread at. */
    private final List<Place> seen = new ArrayList<>();

    VirtualWaitSampler(InFlightVirtualThreads threads, WaitMetrics metrics, RequestWaits requestWaits, BooleanSupplier on,
                       Consumer<String> failed) {
        this.threads = threads;
        this.metrics = metrics;
        this.requestWaits = requestWaits;
        this.on = on;
        this.failed = failed;
        int slots = threads.slots();
        this.readThread = new Thread[slots];
        this.readBlocker = new Object[slots];
        this.readState = new Thread.State[slots];
        this.read = new Place[slots];
    }

    /**
     * Asks for the in-flight virtual threads and starts the sampler at the first request on one.
     * The thread is made here, on the agent's start-up thread: it takes this thread's group and
     * class loader rather than a request's (a web application's loader held by an agent thread
     * would outlive its redeploy), and no request's inheritable thread locals.
     */
    static void startAtFirstVirtualRequest(WaitMetrics metrics, RequestWaits requestWaits, BooleanSupplier on) {
        Consumer<String> failed = reason -> System.err.println("chokepoint: " + reason);
        AtomicReference<InFlightVirtualThreads> sampled = new AtomicReference<>();
        Thread thread = new Thread(null, () -> new VirtualWaitSampler(sampled.get(), metrics, requestWaits, on, failed).run(),
                THREAD_NAME, 0, false);
        thread.setDaemon(true);
        InFlightVirtualThreads.sampleWith(threads -> {
            if (sampled.compareAndSet(null, threads)) {
                try {
                    thread.start();
                } catch (RuntimeException | Error e) { // no thread left to make: the request runs on
                    failed.accept("cannot start the wait sampler of virtual threads (" + e
                            + "); chokepoint.wait.sampled stays empty, the other probes run on");
                }
            }
        });
    }

    /** Looks until the probe goes off, the thread is interrupted or a look fails. */
    @Override
    public void run() {
        long previous = System.nanoTime();
        long spacing = INTERVAL_NANOS;
        int emptyLooks = 1; // started by the first request: every thread found started after this
        try {
            while (on.getAsBoolean()) {
                // A sleep, not a park: the sampler's own waits must not be JFR park events. Of a
                // random length around the spacing: looks at a fixed period lock onto waits of the
                // same period (a 20 ms sleep, a 20 ms timer), and read them 7 % long in a test.
                long sleep = ThreadLocalRandom.current().nextLong(spacing / 2, spacing + spacing / 2);
                Thread.sleep(TimeUnit.NANOSECONDS.toMillis(sleep), (int) (sleep % 1_000_000));
                long start = System.nanoTime();
                long interval = Math.min(start - previous, MAX_BOOKED_NANOS);
                // After a look that found no request in flight, every thread found started since:
                // on average half-way through the interval, so half of it is booked.
                int inFlight = look(emptyLooks > 0 ? interval / 2 : interval);
                emptyLooks = inFlight == 0 ? emptyLooks + 1 : 0;
                previous = start;
                spacing = emptyLooks >= IDLE_LOOKS ? IDLE_SPACING_NANOS
                        : Math.min(MAX_SPACING_NANOS, Math.max(INTERVAL_NANOS, SPACING_PER_LOOK * (System.nanoTime() - start)));
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            failed.accept("the wait sampler of virtual threads stopped (" + e
                    + "); chokepoint.wait.sampled stops growing, the other probes run on");
        }
    }

    /**
     * One look at every slot: each thread seen waiting is booked {@code bookedNanos} where it waits.
     *
     * @return the requests in flight it found, waiting or not
     */
    int look(long bookedNanos) {
        int slots = threads.slots();
        int inFlight = 0;
        for (int slot = 0; slot < slots; slot++) {
            Thread thread = threads.at(slot);
            if (thread == null) {
                continue;
            }
            inFlight++;
            Place place = placeOf(slot, thread);
            if (place != null && place.seen++ == 0) {
                seen.add(place);
            }
        }
        // Once per place, not per thread: a queue of 200 waiters is one series, booked once.
        for (Place place : seen) {
            long nanos = place.seen * bookedNanos;
            place.seen = 0;
            SampledWait wait = place.wait;
            metrics.sampled(wait.blocker(), wait.frame(), wait.site(), nanos);
            if (wait.split() == SampledWait.Split.PARK) {
                requestWaits.park(nanos);
            } else if (wait.split() == SampledWait.Split.LOCK) {
                requestWaits.lock(nanos);
            }
        }
        seen.clear();
        return inFlight;
    }

    /**
     * Where {@code thread} waits now, or null when it runs or its wait is no request's (an idle
     * pool thread). A slot's last reading is kept while its thread stays in the slot, so that a
     * thread still parked on the same object is not read again; the next thread there replaces it.
     */
    private Place placeOf(int slot, Thread thread) {
        Thread.State state = thread.getState();
        if (state == Thread.State.TERMINATED) {
            threads.forget(slot, thread); // a request whose end the agent did not see
            forgetRead(slot);
            return null;
        }
        if (state != Thread.State.WAITING && state != Thread.State.TIMED_WAITING && state != Thread.State.BLOCKED) {
            return null;
        }
        Object blocker = LockSupport.getBlocker(thread);
        if (blocker != null && blocker == readBlocker[slot] && thread == readThread[slot] && state == readState[slot]) {
            return read[slot];
        }
        StackTraceElement[] stack = thread.getStackTrace();
        if (thread.getState() != state) {
            return null; // woke up while its stack was read: the stack may show it running on
        }
        SampledWait wait = SampledWait.of(state, blocker, stack);
        Place place = wait == null ? null : place(wait);
        readThread[slot] = thread;
        readBlocker[slot] = blocker;
        readState[slot] = state;
        read[slot] = place;
        return place;
    }

    /** The one place of {@code wait}; past {@link #MAX_PLACES} the map starts over (slots keep theirs). */
    private Place place(SampledWait wait) {
        Place place = places.get(wait);
        if (place == null) {
            if (places.size() >= MAX_PLACES) {
                places.clear();
            }
            place = new Place(wait);
            places.put(wait, place);
        }
        return place;
    }

    private void forgetRead(int slot) {
        readThread[slot] = null;
        readBlocker[slot] = null;
        readState[slot] = null;
        read[slot] = null;
    }

    /** A place threads wait at, shared by the slots whose threads wait there. */
    private static final class Place {
        final SampledWait wait;
        /** Threads seen there in the current look. */
        int seen;

        Place(SampledWait wait) {
            this.wait = wait;
        }
    }
}
