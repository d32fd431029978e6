package dev.chokepoint.agent.request;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

class RequestTimesSlotsTest {

    @Test
    void aThreadFindsItsOwnTimesEveryTimeAndTheyAreInItsSlot() throws InterruptedException {
        Lookups lookups = new Lookups();
        Thread thread = new Thread(lookups);
        thread.start();
        thread.join();
        assertThat(lookups.first.get()).isSameAs(lookups.again.get()).isSameAs(lookups.inSlot.get());
        assertThat(lookups.first.get().owner).isSameAs(thread);
    }

    @Test
    void aThreadWhoseSlotALiveThreadHoldsKeepsItsOwnTimesAndTakesTheSlotOnceThatThreadEnded() throws InterruptedException {
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Lookups held = new Lookups();
        Thread holder = new Thread(() -> {
            held.run();
            holding.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        holder.start();
        holding.await();

        Lookups sharing = new Lookups();
        runOnTheSlotOf(holder, sharing);
        assertThat(sharing.first.get()).isSameAs(sharing.again.get()).isNotSameAs(held.first.get());
        assertThat(sharing.inSlot.get()).isNull();

        release.countDown();
        holder.join();
        Lookups next = new Lookups();
        runOnTheSlotOf(holder, next);
        assertThat(next.inSlot.get()).isSameAs(next.first.get());
    }

    /** Runs {@code body} on a new thread whose id falls on {@code other}'s slot (ids are handed out in sequence). */
    @SuppressWarnings("deprecation") // Thread.getId, as the slots use it on Java 17
    private static void runOnTheSlotOf(Thread other, Runnable body) throws InterruptedException {
        int mask = RequestTimesSlots.SLOTS - 1;
        Thread thread = new Thread(body);
        while (((int) thread.getId() & mask) != ((int) other.getId() & mask)) {
            thread = new Thread(body);
        }
        thread.start();
        thread.join();
    }

    /** What a thread finds: its times twice, and what its slot holds for it. */
    private static final class Lookups implements Runnable {
        final AtomicReference<RequestTimes> first = new AtomicReference<>();
        final AtomicReference<RequestTimes> again = new AtomicReference<>();
        final AtomicReference<RequestTimes> inSlot = new AtomicReference<>();

        @Override
        public void run() {
            first.set(RequestTimes.current());
            again.set(RequestTimes.current());
            inSlot.set(RequestTimesSlots.find(Thread.currentThread()));
        }
    }
}
