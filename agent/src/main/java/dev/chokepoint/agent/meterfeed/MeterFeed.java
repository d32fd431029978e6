package dev.chokepoint.agent.meterfeed;

import io.micrometer.core.instrument.Timer;

import java.io.PrintStream;
import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Feeds the timers that application threads record (requests, statements, pool borrows, executor
 * queues, outbound calls), and the requests' split sums, from one thread, {@code chokepoint-meter-feed}, in batches: each
 * platform thread writes its records into a {@link TimerRing} of its own, and this thread moves
 * them into the timers every {@value #PERIOD_MILLIS} ms, and before every scrape of the metrics
 * endpoint, so a scrape always shows every record made before it. What an OTLP export reads may
 * lag up to {@value #PERIOD_MILLIS} ms.
 *
 * <p>A thread asks for its ring once ({@link #ringOfCurrentThread}) and keeps it in the one
 * thread-local the request probe reads anyway ({@code RequestTimes}), so that a record costs no
 * lookup of its own. Virtual threads record directly: each serves one request and ends, and a
 * ring per request would cost more than it saves. So does every thread until {@link #start}
 * (tests of the meters without the agent, for one), a thread whose ring is full, and the threads
 * past {@value #MAX_RINGS} rings alive. A ring is ≈ 6 KB ({@link TimerRing#CAPACITY} records).
 */
public final class MeterFeed {

    static final long PERIOD_MILLIS = 50;
    /** Rings at most (≈ 3 MB): the threads past it, in an application that records from thousands, record directly. */
    static final int MAX_RINGS = 512;
    private static final ConcurrentLinkedQueue<TimerRing> RINGS = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger RING_COUNT = new AtomicInteger();
    private static final Object FEEDING = new Object();
    private static volatile boolean running;
    private static Thread feeder;
    private static PrintStream err = System.err;
    /** Under {@link #FEEDING}. */
    private static boolean failureSaid;

    private MeterFeed() {
    }

    /** Starts the feeding thread; records go through rings from now on. */
    public static synchronized void start(PrintStream err) {
        if (running) {
            return;
        }
        MeterFeed.err = err;
        feeder = new Thread(() -> {
            try {
                while (true) {
                    feedAll();
                    // A sleep, not a park: the wait probe records parks, and this one explains nothing.
                    Thread.sleep(PERIOD_MILLIS);
                }
            } catch (InterruptedException stopped) {
                running = false;
                Thread.currentThread().interrupt();
            } catch (Throwable e) {
                running = false; // records go direct again; what the rings hold is fed at the next scrape
                err.println("chokepoint: the meter feed stopped (" + e + "); timers are recorded on the application's threads from now on");
            }
        }, "chokepoint-meter-feed");
        feeder.setDaemon(true);
        running = true;
        feeder.start();
    }

    /** Stops the feeding thread (tests: a JVM that runs the agent never stops it); records go direct again, the rings are fed. */
    static synchronized void stop() throws InterruptedException {
        if (feeder != null) {
            feeder.interrupt();
            feeder.join();
            feeder = null;
        }
        running = false;
        feedAll();
    }

    /**
     * Records {@code nanos} into {@code timer}: through {@code ring}, the calling thread's own from
     * {@link #ringOfCurrentThread}, while the feed runs; directly when the ring is null or full.
     */
    public static void record(TimerRing ring, Timer timer, long nanos) {
        if (ring == null || !running || !ring.offer(timer, nanos)) {
            timer.record(nanos, TimeUnit.NANOSECONDS);
        }
    }

    /** Adds {@code value} to {@code sum}: through {@code ring} as {@link #record} does. */
    public static void add(TimerRing ring, LongAdder sum, long value) {
        if (ring == null || !running || !ring.offer(sum, value)) {
            sum.add(value);
        }
    }

    /** Whether records go through rings: a thread that got no ring while the feed ran never gets one. */
    public static boolean running() {
        return running;
    }

    /**
     * Moves every ring's records into their timers; a ring whose thread ended goes once emptied.
     * On the feed's thread, and on the endpoint's before it answers a scrape.
     */
    public static void feedAll() {
        synchronized (FEEDING) {
            for (Iterator<TimerRing> rings = RINGS.iterator(); rings.hasNext(); ) {
                TimerRing ring = rings.next();
                // Read before feeding: a thread seen ended made all its writes visible (JLS 17.4.4).
                boolean ended = !ring.owner.isAlive();
                feed(ring);
                if (ended) {
                    rings.remove();
                    RING_COUNT.decrementAndGet();
                }
            }
        }
    }

    /** A timer that throws loses that one record, says so once, and never fails a scrape or the feed. */
    private static void feed(TimerRing ring) {
        try {
            ring.feed();
        } catch (RuntimeException e) {
            if (!failureSaid) {
                failureSaid = true;
                err.println("chokepoint: a timer refused a record (" + e + "); that record is lost, the others are fed");
            }
        }
    }

    /** Rings alive now: one per platform thread that recorded while the feed ran and has not ended. */
    static int rings() {
        return RING_COUNT.get();
    }

    /**
     * A new ring for the calling platform thread, to keep and pass to every {@link #record} it
     * makes; null while the feed does not run, and when {@link #MAX_RINGS} are taken.
     */
    public static TimerRing ringOfCurrentThread() {
        if (!running) {
            return null;
        }
        if (RING_COUNT.incrementAndGet() > MAX_RINGS) {
            RING_COUNT.decrementAndGet();
            return null;
        }
        TimerRing ring = new TimerRing(Thread.currentThread());
        RINGS.add(ring);
        return ring;
    }
}
