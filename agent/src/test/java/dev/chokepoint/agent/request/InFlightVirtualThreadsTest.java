package dev.chokepoint.agent.request;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class InFlightVirtualThreadsTest {

    @Test
    void givenARequestThatStartsAndEnds_thenItsThreadHoldsItsSlotOnlyInBetween() {
        InFlightVirtualThreads table = new InFlightVirtualThreads(8);
        Thread thread = new Thread(() -> { });

        table.add(thread);
        assertThat(held(table)).containsExactly(thread);

        table.remove(thread);
        assertThat(held(table)).isEmpty();
    }

    @Test
    void givenTwoThreadsInOneSlot_thenTheLaterIsSampledAndTheEarliersEndLeavesIt() {
        InFlightVirtualThreads table = new InFlightVirtualThreads(2);
        Thread earlier = new Thread(() -> { });
        Thread later = new Thread(() -> { });
        while ((later.getId() - earlier.getId()) % 2 != 0) { // ids come in sequence; other threads may take some
            later = new Thread(() -> { });
        }

        table.add(earlier);
        table.add(later);
        table.remove(earlier);

        assertThat(held(table)).containsExactly(later);
        table.remove(later);
        assertThat(held(table)).isEmpty();
    }

    @Test
    void aForgetOfAnotherThreadLeavesTheSlot() {
        InFlightVirtualThreads table = new InFlightVirtualThreads(4);
        Thread thread = new Thread(() -> { });
        table.add(thread);

        for (int slot = 0; slot < table.slots(); slot++) {
            table.forget(slot, new Thread(() -> { }));
        }

        assertThat(held(table)).containsExactly(thread);
    }

    @Test
    void theTableSizeIsAPowerOfTwo() {
        assertThat(new InFlightVirtualThreads(InFlightVirtualThreads.SLOTS).slots()).isEqualTo(4096);
        assertThatThrownBy(() -> new InFlightVirtualThreads(100)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void givenTheWaitProbeAsked_thenTheFirstRequestOnAVirtualThreadHandsItTheTableOnceAndItsThreadIsInIt() {
        List<InFlightVirtualThreads> handed = new ArrayList<>();
        InFlightVirtualThreads.sampleWith(handed::add); // at once if another test's request made the table
        Thread request = new Thread(() -> { });

        InFlightVirtualThreads.entered(request);
        InFlightVirtualThreads.entered(new Thread(() -> { }));

        assertThat(handed).hasSize(1);
        assertThat(held(handed.get(0))).contains(request);
        InFlightVirtualThreads.left(request);
        assertThat(held(handed.get(0))).doesNotContain(request);
    }

    @Test
    void aRequestsStoreAndClearAllocateNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
                "this JVM does not count allocated bytes per thread");
        InFlightVirtualThreads table = new InFlightVirtualThreads(InFlightVirtualThreads.SLOTS);
        Thread current = Thread.currentThread();
        for (int i = 0; i < 20_000; i++) { // warm-up: compiled
            table.add(current);
            table.remove(current);
        }

        long before = threads.getThreadAllocatedBytes(current.getId());
        for (int i = 0; i < 100_000; i++) {
            table.add(current);
            table.remove(current);
        }
        long allocated = threads.getThreadAllocatedBytes(current.getId()) - before;

        // Not zero: reading the counter itself may allocate a little; one object a request would be 2.4 MB.
        assertThat(allocated).as("bytes allocated by 100 000 store-and-clear").isLessThan(100_000);
    }

    private static List<Thread> held(InFlightVirtualThreads table) {
        List<Thread> threads = new ArrayList<>();
        for (int slot = 0; slot < table.slots(); slot++) {
            Thread thread = table.at(slot);
            if (thread != null) {
                threads.add(thread);
            }
        }
        return threads;
    }
}
