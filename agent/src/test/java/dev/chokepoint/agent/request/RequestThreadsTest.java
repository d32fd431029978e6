package dev.chokepoint.agent.request;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;

class RequestThreadsTest {

    @Test
    @SuppressWarnings("deprecation")
    void aThreadThatServedARequestIsKnownByItsJavaIdAndOthersAreNot() throws Exception {
        Thread worker = new Thread(RequestThreads::addCurrentThread);
        worker.start();
        worker.join();
        Thread bystander = new Thread(() -> { });
        bystander.start();
        bystander.join();

        assertThat(RequestThreads.contains(worker.getId())).isTrue();
        assertThat(RequestThreads.contains(bystander.getId())).isFalse();
    }

    /** Far above any real thread id of this JVM: the table is the process's, shared with other tests. */
    private static final long VIRTUAL_IDS = 1L << 40;

    @Test
    void aVirtualThreadIsKnownAfterItEndedUntilATableOfLaterIdsPassedIt() {
        long first = VIRTUAL_IDS;
        int platformThreads = RequestThreads.size();
        RequestThreads.addVirtual(first);
        assertThat(RequestThreads.contains(first)).isTrue();
        assertThat(RequestThreads.contains(first + 1)).isFalse();

        for (long id = first + 1; id < first + RequestThreads.VIRTUAL_SLOTS; id++) {
            RequestThreads.addVirtual(id);
        }
        assertThat(RequestThreads.contains(first)).as("kept while fewer than the table's ids came after it").isTrue();
        RequestThreads.addVirtual(first + RequestThreads.VIRTUAL_SLOTS);
        assertThat(RequestThreads.contains(first)).isFalse();
        assertThat(RequestThreads.contains(first + RequestThreads.VIRTUAL_SLOTS)).isTrue();
        assertThat(RequestThreads.size()).as("virtual threads stay out of the platform threads' map").isEqualTo(platformThreads);
    }

    @Test
    @SuppressWarnings("deprecation")
    void givenMoreThreadsThanTheBound_thenEndedThreadsMakeRoomAndTheRegistryStaysBounded() throws Exception {
        List<Thread> ended = new ArrayList<>();
        for (int i = 0; i < RequestThreads.MAX_THREADS + 100; i++) {
            Thread t = new Thread(RequestThreads::addCurrentThread);
            t.start();
            t.join();
            ended.add(t);
            assertThat(RequestThreads.size()).isLessThanOrEqualTo(RequestThreads.MAX_THREADS);
        }
        CountDownLatch done = new CountDownLatch(1);
        Thread live = new Thread(() -> {
            RequestThreads.addCurrentThread();
            done.countDown();
        });
        live.start();
        done.await();
        live.join();
        // the newest threads were admitted once the ended ones were dropped
        assertThat(RequestThreads.contains(ended.get(ended.size() - 1).getId())).isTrue();
        assertThat(RequestThreads.contains(live.getId())).isTrue();
    }
}
