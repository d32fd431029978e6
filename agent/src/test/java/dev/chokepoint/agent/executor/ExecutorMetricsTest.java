package dev.chokepoint.agent.executor;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class ExecutorMetricsTest {

    @Test
    void namesAreThreadNamesWithoutDigits() {
        assertThat(ExecutorMetrics.prefix("ledger-writer-3")).isEqualTo("ledger-writer");
        assertThat(ExecutorMetrics.prefix("pool-2-thread-1")).isEqualTo("pool-thread");
        assertThat(ExecutorMetrics.prefix("task-12")).isEqualTo("task");
        assertThat(ExecutorMetrics.prefix("42")).isEqualTo("unnamed");
    }

    @Test
    void givenTwoExecutorsOfOneNameAndOneOfAnother_thenGaugesAddUpPerNameAndQueueTimeIsRecorded() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ExecutorMetrics metrics = new ExecutorMetrics(10);
        metrics.bindTo(registry);
        ThreadPoolExecutor first = executor(2, 4, 10);
        ThreadPoolExecutor second = executor(3, 6, 20);
        ThreadPoolExecutor other = executor(1, 1, 5);
        try {
            metrics.named(first, "sender-1");
            metrics.named(second, "sender-7");
            metrics.named(first, "sender-2"); // a second worker of the same executor: counted once
            metrics.named(other, "indexer-1");
            metrics.queued(first, 5_000_000);
            metrics.queued(other, 1_000_000);

            assertThat(registry.get("executor.pool.core").tag("name", "sender").gauge().value()).isEqualTo(5.0);
            assertThat(registry.get("executor.pool.max").tag("name", "sender").gauge().value()).isEqualTo(10.0);
            assertThat(registry.get("executor.queue.remaining").tag("name", "sender").gauge().value()).isEqualTo(30.0);
            assertThat(registry.get("executor.queued").tag("name", "indexer").gauge().value()).isEqualTo(0.0);
            assertThat(registry.get("chokepoint.executor.queued.time").tag("name", "sender").timer()
                    .totalTime(TimeUnit.MILLISECONDS)).isEqualTo(5.0);
            assertThat(registry.get("chokepoint.executor.queued.time").tag("name", "indexer").timer().count()).isEqualTo(1);
        } finally {
            first.shutdownNow();
            second.shutdownNow();
            other.shutdownNow();
        }
    }

    @Test
    void givenMoreNamesThanTheCap_thenTheRestShareOther() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ExecutorMetrics metrics = new ExecutorMetrics(2);
        metrics.bindTo(registry);
        for (int i = 0; i < 5; i++) {
            ThreadPoolExecutor executor = executor(1, 1, 1);
            metrics.named(executor, "pool" + (char) ('a' + i) + "-1");
            executor.shutdownNow();
        }

        assertThat(registry.find("executor.pool.size").gauges()).hasSize(3);
        assertThat(registry.find("executor.pool.size").tag("name", "other").gauge()).isNotNull();
    }

    /** Executors are held weakly: one the application dropped must not take its completions out of the counter. */
    @Test
    void givenAnExecutorThatIsCollected_thenItsCompletedTasksStayInTheCounter() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ExecutorMetrics metrics = new ExecutorMetrics(10);
        metrics.bindTo(registry);
        ThreadPoolExecutor kept = executor(1, 1, 10);
        ThreadPoolExecutor dropped = executor(1, 1, 10);
        metrics.named(kept, "mailer-1");
        metrics.named(dropped, "mailer-2");
        runTasks(kept, 2);
        runTasks(dropped, 3);
        FunctionCounter completed = registry.get("executor.completed").tag("name", "mailer").functionCounter();
        assertThat(completed.count()).isEqualTo(5.0);

        dropped.shutdown(); // its worker, which holds it, ends
        assertThat(dropped.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        WeakReference<ThreadPoolExecutor> collected = new WeakReference<>(dropped);
        dropped = null;
        // Polls: a collection clears a weak reference when the collector decides, not on request.
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            System.gc();
            return collected.get() == null;
        });

        assertThat(completed.count()).isEqualTo(5.0);
        runTasks(kept, 1);
        assertThat(completed.count()).isEqualTo(6.0);
        assertThat(registry.get("executor.pool.size").tag("name", "mailer").gauge().value()).isEqualTo(1.0);
        kept.shutdownNow();
    }

    /** Runs {@code count} tasks, then waits until the executor counts them (a worker counts after the task returns). */
    private static void runTasks(ThreadPoolExecutor executor, int count) throws Exception {
        long before = executor.getCompletedTaskCount();
        for (int i = 0; i < count; i++) {
            executor.submit(() -> { }).get();
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> executor.getCompletedTaskCount() == before + count);
    }

    private static ThreadPoolExecutor executor(int core, int max, int capacity) {
        return new ThreadPoolExecutor(core, max, 1, TimeUnit.MINUTES, new ArrayBlockingQueue<>(capacity));
    }
}
