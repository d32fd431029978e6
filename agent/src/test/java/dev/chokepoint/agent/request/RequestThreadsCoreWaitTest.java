package dev.chokepoint.agent.request;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

class RequestThreadsCoreWaitTest {

    @TempDir
    Path root;

    /** A fake /proc where the calling thread is task 7 of process 100. */
    private RequestThreadsCoreWait fakeProc(String schedstat) throws Exception {
        Files.createDirectories(root.resolve("proc/100/task/7"));
        Files.createSymbolicLink(root.resolve("proc/thread-self"), Path.of("100/task/7"));
        Files.createSymbolicLink(root.resolve("proc/self"), Path.of("100"));
        writeSchedstat(schedstat);
        return RequestThreadsCoreWait.on(root).orElseThrow();
    }

    /** A thread followed at run_delay 1000 ns, whose schedstat then reads {@code later}. */
    private RequestThreadsCoreWait followedThenWaited(String later) throws Exception {
        RequestThreadsCoreWait wait = fakeProc("500 1000 3");
        wait.followCurrentThread();
        writeSchedstat(later);
        return wait;
    }

    private void writeSchedstat(String line) throws Exception {
        writeSchedstat(7, line);
    }

    private void writeSchedstat(int tid, String line) throws Exception {
        Files.createDirectories(root.resolve("proc/100/task/" + tid));
        Files.writeString(root.resolve("proc/100/task/" + tid + "/schedstat"), line + "\n");
    }

    /** The calling thread now runs as kernel thread {@code tid} (a virtual thread on another carrier). */
    private void runOn(int tid) throws Exception {
        Files.delete(root.resolve("proc/thread-self"));
        Files.createSymbolicLink(root.resolve("proc/thread-self"), Path.of("100/task/" + tid));
    }

    /** Reads the counter and checks it did not go down since {@code before}. */
    private static double notBelow(double before, RequestThreadsCoreWait wait) {
        double now = wait.seconds();
        assertThat(now).as("the counter never goes down").isGreaterThanOrEqualTo(before);
        return now;
    }

    @Test
    void counts_a_followed_threads_delay_from_when_it_was_first_followed() throws Exception {
        RequestThreadsCoreWait wait = fakeProc("500 1000 3");
        wait.followCurrentThread();
        assertThat(wait.seconds()).isZero();
        writeSchedstat("900 4001000 8");
        assertThat(wait.seconds()).isEqualTo(0.004);
    }

    @Test
    void keeps_an_ended_threads_share_so_the_counter_never_goes_down() throws Exception {
        RequestThreadsCoreWait wait = followedThenWaited("900 2001000 8");
        assertThat(wait.seconds()).isEqualTo(0.002);
        Files.delete(root.resolve("proc/100/task/7/schedstat"));
        assertThat(wait.seconds()).isEqualTo(0.002);
        assertThat(wait.followedThreads()).isZero();
    }

    @Test
    void a_reused_thread_id_starts_over_without_lowering_the_counter() throws Exception {
        RequestThreadsCoreWait wait = followedThenWaited("900 3001000 8");
        assertThat(wait.seconds()).isEqualTo(0.003);
        writeSchedstat("10 20 1"); // a new thread got id 7: not a request thread until it opens one
        assertThat(wait.seconds()).isEqualTo(0.003);
        assertThat(wait.followedThreads()).isZero();
    }

    /** Issue 40: on virtual threads every request followed its carrier again, and the counter fell back. */
    @Test
    void a_thread_followed_twice_keeps_the_delay_it_has_counted() throws Exception {
        RequestThreadsCoreWait wait = followedThenWaited("900 2001000 8");
        assertThat(wait.seconds()).isEqualTo(0.002);

        wait.followCurrentThread(); // the same thread (a carrier) seen again
        assertThat(wait.seconds()).isEqualTo(0.002);
        writeSchedstat("950 3001000 9");
        assertThat(wait.seconds()).isEqualTo(0.003);
        assertThat(wait.followedThreads()).isEqualTo(1);
    }

    @Test
    void a_reused_thread_id_followed_before_any_scrape_saw_it_keeps_the_old_threads_share() throws Exception {
        RequestThreadsCoreWait wait = followedThenWaited("900 3001000 8");
        assertThat(wait.seconds()).isEqualTo(0.003);
        writeSchedstat("10 20 1"); // thread 7 ended; a new thread got its id and opens a request
        wait.followCurrentThread();
        writeSchedstat("60 2020 2");

        assertThat(wait.seconds()).isEqualTo(0.003002);
        assertThat(wait.followedThreads()).isEqualTo(1);
    }

    @Test
    void given_threads_that_come_go_and_are_followed_again_the_counter_never_goes_down() throws Exception {
        RequestThreadsCoreWait wait = fakeProc("500 1000 3");
        wait.followCurrentThread();
        writeSchedstat(8, "100 0 1");
        runOn(8);
        wait.followCurrentThread();
        double seen = 0;
        for (int step = 1; step <= 6; step++) {
            writeSchedstat(7, "900 " + (1000 + step * 1_000_000) + " 8");
            writeSchedstat(8, "900 " + step * 2_000_000 + " 8");
            seen = notBelow(seen, wait);
            runOn(step % 2 == 0 ? 7 : 8);
            wait.followCurrentThread(); // followed again, whichever it is
            seen = notBelow(seen, wait);
        }
        assertThat(seen).isEqualTo(0.018);

        Files.delete(root.resolve("proc/100/task/8/schedstat")); // thread 8 ends
        seen = notBelow(seen, wait);
        writeSchedstat(7, "900 9001000 9");
        assertThat(notBelow(seen, wait)).isEqualTo(0.021);
        assertThat(wait.followedThreads()).isEqualTo(1);
    }

    @Test
    void on_virtual_threads_the_carrier_is_looked_at_only_when_a_look_is_due() throws Exception {
        RequestThreadsCoreWait wait = fakeProc("500 1000 3");
        writeSchedstat(8, "100 0 1");
        writeSchedstat(9, "100 0 1");
        long t0 = System.nanoTime(); // a look is due from the meter's start on

        wait.followCarrier(t0); // the first look is due at once
        assertThat(wait.followedThreads()).isEqualTo(1);
        runOn(8);
        wait.followCarrier(t0 + RequestThreadsCoreWait.MIN_LOOK_NANOS - 1);
        assertThat(wait.followedThreads()).as("no look before it is due").isEqualTo(1);
        wait.followCarrier(t0 + RequestThreadsCoreWait.MIN_LOOK_NANOS);
        assertThat(wait.followedThreads()).isEqualTo(2);

        // A look that finds a carrier followed already doubles the spacing: 10 ms, then 20 ms.
        long t1 = t0 + 2 * RequestThreadsCoreWait.MIN_LOOK_NANOS;
        wait.followCarrier(t1);
        runOn(9);
        wait.followCarrier(t1 + 2 * RequestThreadsCoreWait.MIN_LOOK_NANOS - 1);
        assertThat(wait.followedThreads()).isEqualTo(2);
        wait.followCarrier(t1 + 2 * RequestThreadsCoreWait.MIN_LOOK_NANOS);
        assertThat(wait.followedThreads()).isEqualTo(3);
    }

    @Test
    void is_off_where_there_is_no_schedstat() {
        assertThat(RequestThreadsCoreWait.on(root)).isEmpty();
    }

    @Test
    void registers_a_counter_in_seconds() throws Exception {
        RequestThreadsCoreWait wait = fakeProc("500 1000 3");
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        wait.bindTo(registry);
        wait.followCurrentThread();
        writeSchedstat("900 5001000 8");
        FunctionCounter counter = registry.get("chokepoint.request.core.wait").functionCounter();
        assertThat(counter.getId().getBaseUnit()).isEqualTo("seconds");
        assertThat(counter.count()).isEqualTo(0.005);
    }

    /** The real kernel: a followed thread that shares the cores with twice as many spinning threads waits for one. */
    @Test
    void reads_the_delay_a_busy_machine_gives_a_followed_thread() throws Exception {
        RequestThreadsCoreWait wait = RequestThreadsCoreWait.on(Path.of("/")).orElseThrow();
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> spinners = new ArrayList<>();
        for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
            Thread t = new Thread(() -> spin(stop));
            t.start();
            spinners.add(t);
        }
        CountDownLatch spun = new CountDownLatch(1);
        CountDownLatch read = new CountDownLatch(1);
        Thread followed = new Thread(() -> {
            wait.followCurrentThread();
            long until = System.nanoTime() + 400_000_000L;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            spun.countDown();
            awaitQuietly(read); // alive while its file is read
        });
        followed.start();
        spun.await();
        double delay = wait.seconds();
        read.countDown();
        followed.join();
        stop.set(true);
        for (Thread t : spinners) {
            t.join();
        }
        // Between the first read and its end the thread woke among the spinners and may have waited
        // for a core once more: kept means not less, and no longer growing.
        double ended = wait.seconds();
        assertThat(ended).as("the ended thread's share is kept").isGreaterThanOrEqualTo(delay);
        assertThat(wait.seconds()).as("and stays").isEqualTo(ended);
        assertThat(wait.followedThreads()).isZero();
        assertThat(delay).as("seconds the followed thread waited for a core in 0.4 s").isGreaterThan(0.01);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void spin(AtomicBoolean stop) {
        while (!stop.get()) {
            Thread.onSpinWait();
        }
    }
}
