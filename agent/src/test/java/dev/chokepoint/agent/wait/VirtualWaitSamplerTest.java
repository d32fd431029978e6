package dev.chokepoint.agent.wait;

import dev.chokepoint.agent.request.InFlightVirtualThreads;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * The sampler's looks, fed platform threads (the unit tests run on Java 17): the looking works on
 * any thread handed to it, only the registration at a request's start is for virtual threads.
 */
class VirtualWaitSamplerTest {

    private static final long LOOK = TimeUnit.MILLISECONDS.toNanos(20);
    private static final String BULKHEAD = Bulkhead.class.getName();

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final WaitMetrics metrics = new WaitMetrics(10);
    private final RequestWaits requestWaits = new RequestWaits();
    private final InFlightVirtualThreads inFlight = new InFlightVirtualThreads(16);
    private final List<Thread> started = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();
    private final VirtualWaitSampler sampler = new VirtualWaitSampler(inFlight, metrics, requestWaits, () -> true, failures::add);

    /** Where the test's requests wait: a class of its own, so that its frames name the site. */
    static final class Bulkhead {
        static void enter(Semaphore permits) {
            permits.acquireUninterruptibly();
        }

        static void await(CountDownLatch latch) throws InterruptedException {
            latch.await();
        }

        static void append(Object ledger) {
            synchronized (ledger) {
                ledger.hashCode();
            }
        }

        static void backOff() throws InterruptedException {
            Thread.sleep(60_000);
        }
    }

    VirtualWaitSamplerTest() {
        metrics.bindTo(registry);
        requestWaits.bindTo(registry);
    }

    @AfterEach
    void stopThreads() {
        started.forEach(Thread::interrupt);
    }

    @Test
    void givenThreeRequestsQueuedOnASemaphore_thenEachLookBooksItsIntervalToTheSemaphoreAndTheSiteAndToTheSplitsPark() {
        Semaphore permits = new Semaphore(0);
        for (int i = 0; i < 3; i++) {
            inFlight.add(waiting(Thread.State.WAITING, () -> Bulkhead.enter(permits)));
        }

        sampler.look(LOOK);
        sampler.look(LOOK);

        assertThat(sampled("java.util.concurrent.Semaphore", BULKHEAD + ".enter")).isCloseTo(3 * 2 * 0.020, within(1e-9));
        assertThat(split("park")).isCloseTo(3 * 2 * 0.020, within(1e-9));
        assertThat(split("lock")).isZero();
        assertThat(failures).isEmpty();
    }

    @Test
    void givenARequestBlockedOnAMonitor_thenItIsAMonitorWaitAndTheSplitsLock() throws Exception {
        Object ledger = new Object();
        synchronized (ledger) {
            inFlight.add(waiting(Thread.State.BLOCKED, () -> Bulkhead.append(ledger)));

            sampler.look(LOOK);
        }

        assertThat(sampled(SampledWait.MONITOR, BULKHEAD + ".append")).isCloseTo(0.020, within(1e-9));
        assertThat(split("lock")).isCloseTo(0.020, within(1e-9));
        assertThat(split("park")).isZero();
    }

    @Test
    void givenASleepingRequest_thenTheSleepIsNamedButNotAPark() {
        inFlight.add(waiting(Thread.State.TIMED_WAITING, () -> {
            try {
                Bulkhead.backOff();
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
        }));

        sampler.look(LOOK);

        assertThat(sampled(SampledWait.SLEEP, BULKHEAD + ".backOff")).isCloseTo(0.020, within(1e-9));
        assertThat(split("park")).isZero();
    }

    @Test
    void givenARunningRequest_thenItIsNotLookedAt() {
        AtomicBoolean running = new AtomicBoolean(true);
        inFlight.add(waiting(Thread.State.RUNNABLE, () -> {
            while (running.get()) {
                Thread.onSpinWait();
            }
        }));

        sampler.look(LOOK);
        running.set(false);

        assertThat(registry.find(WaitMetrics.SAMPLED).counters()).isEmpty();
        assertThat(split("park") + split("lock")).isZero();
    }

    @Test
    void givenARequestThatParksElsewhere_thenTheNextLookReadsItsNewPlace() {
        Semaphore permits = new Semaphore(0);
        CountDownLatch answered = new CountDownLatch(1);
        Thread request = waiting(Thread.State.WAITING, () -> {
            Bulkhead.enter(permits);
            try {
                Bulkhead.await(answered);
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
        });
        inFlight.add(request);
        sampler.look(LOOK);

        permits.release();
        await().atMost(Duration.ofSeconds(10)).until(() -> java.util.concurrent.locks.LockSupport.getBlocker(request) != null
                && request.getState() == Thread.State.WAITING && !permits.hasQueuedThreads());
        sampler.look(LOOK);

        assertThat(sampled("java.util.concurrent.Semaphore", BULKHEAD + ".enter")).isCloseTo(0.020, within(1e-9));
        assertThat(sampled("java.util.concurrent.CountDownLatch", BULKHEAD + ".await")).isCloseTo(0.020, within(1e-9));
    }

    @Test
    void givenARequestWhoseThreadEndedUnseen_thenItsSlotIsFreed() throws Exception {
        Thread ended = new Thread(() -> { });
        ended.start();
        ended.join();
        inFlight.add(ended);

        sampler.look(LOOK);

        assertThat(slotsHolding(ended)).isZero();
    }

    @Test
    void givenALookThatFails_thenTheSamplerSaysSoOnceAndStops() throws Exception {
        Semaphore permits = new Semaphore(0);
        Thread unreadable = new Thread(() -> Bulkhead.enter(permits)) {
            @Override
            public StackTraceElement[] getStackTrace() {
                throw new IllegalStateException("stack unreadable");
            }
        };
        unreadable.setDaemon(true);
        started.add(unreadable);
        unreadable.start();
        awaitState(unreadable, Thread.State.WAITING);
        inFlight.add(unreadable);

        Thread samplerThread = new Thread(sampler);
        samplerThread.start();
        samplerThread.join(TimeUnit.SECONDS.toMillis(30));

        assertThat(samplerThread.isAlive()).isFalse();
        assertThat(failures).singleElement().asString()
                .contains("wait sampler of virtual threads stopped", "stack unreadable", "the other probes run on");
    }

    @Test
    void givenTheProbeSwitchedOff_thenTheSamplerStops() throws Exception {
        AtomicBoolean on = new AtomicBoolean(true);
        Thread samplerThread = new Thread(new VirtualWaitSampler(inFlight, metrics, requestWaits, on::get, failures::add));
        samplerThread.start();
        on.set(false);
        samplerThread.join(TimeUnit.SECONDS.toMillis(30));

        assertThat(samplerThread.isAlive()).isFalse();
        assertThat(failures).isEmpty();
    }

    /** A daemon thread running {@code task}, once it is in {@code state}. */
    private Thread waiting(Thread.State state, Runnable task) {
        Thread thread = new Thread(task);
        thread.setDaemon(true);
        started.add(thread);
        thread.start();
        awaitState(thread, state);
        return thread;
    }

    /** Polled: a started thread reaches its wait when the scheduler runs it, which no sleep can know. */
    private static void awaitState(Thread thread, Thread.State state) {
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(5)).until(() -> thread.getState() == state);
    }

    private double sampled(String blocker, String site) {
        return registry.get(WaitMetrics.SAMPLED).tags("blocker", blocker, "site", site, "frame", site).counter().count();
    }

    private double split(String kind) {
        return registry.get(RequestWaits.METER).tag("kind", kind).functionCounter().count();
    }

    private int slotsHolding(Thread thread) {
        int n = 0;
        for (int slot = 0; slot < inFlight.slots(); slot++) {
            if (inFlight.at(slot) == thread) {
                n++;
            }
        }
        return n;
    }
}
