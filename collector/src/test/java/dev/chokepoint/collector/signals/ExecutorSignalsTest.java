package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Map;

import static dev.chokepoint.collector.signals.CounterAndGaugeSamplingTest.series;
import static dev.chokepoint.collector.signals.CounterAndGaugeSamplingTest.target;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Which executor the executor signals read: one that tasks flow through, never a background loop. */
class ExecutorSignalsTest {

    private static final int POINTS = 11;

    private static SignalFrame signals(Series... s) {
        TargetSeries in = target(s);
        SignalFrame out = new SignalFrame(in.target(), in.grid());
        new ExecutorSignals().compute(in, null, out);
        return out;
    }

    private static double[] constant(double v) {
        double[] a = new double[POINTS];
        Arrays.fill(a, v);
        return a;
    }

    private static double[] counting(double perSecond) {
        double[] a = new double[POINTS];
        Arrays.setAll(a, i -> 100 + perSecond * i);
        return a;
    }

    /** Micrometer's executor meters of one executor, as the agent exports them. */
    private static Series[] executor(String name, double active, double max, double queued, double completedPerSecond) {
        Map<String, String> id = Map.of("name", name);
        return new Series[] {
                series("executor_active_threads", id, constant(active)),
                series("executor_pool_max_threads", id, constant(max)),
                series("executor_queued_tasks", id, constant(queued)),
                series("executor_completed_tasks_total", id, counting(completedPerSecond))};
    }

    /** MySQL Connector/J's cleanup thread: one thread, one task that never ends, nothing queued. */
    private static Series[] cleanupLoop() {
        return executor("mysql-cj-abandoned-connection-cleanup", 1, 1, 0, 0);
    }

    private static Series[] all(Series[]... groups) {
        return Arrays.stream(groups).flatMap(Arrays::stream).toArray(Series[]::new);
    }

    @Test
    void givenOnlyABackgroundLoop_thenNoExecutorIsReadAndNothingIsBusy() {
        SignalFrame out = signals(cleanupLoop());

        assertThat(out.text("top_executor", 8)).isNull();
        assertThat(out.values("executor_busy_share")[8]).isNaN();
    }

    @Test
    void givenALoopBesideAPoolWhoseTasksFinish_thenThePoolIsRead() {
        // a pool of 4 with 2 threads busy on tasks that finish, 30 a second, beside the 100 % busy loop
        SignalFrame out = signals(all(cleanupLoop(), executor("report-renderer", 2, 4, 0, 30)));

        assertThat(out.text("top_executor", 8)).isEqualTo("report-renderer");
        assertThat(out.values("executor_busy_share")[8]).isCloseTo(0.5, within(1e-9));
        assertThat(out.values("executor_task_rate")[8]).isCloseTo(30, within(1e-9));
    }

    @Test
    void givenAFullPoolWhoseTasksOutlastTheWindowButQueue_thenItIsStillRead() {
        // every thread on a task longer than the window, none finished in it, but tasks wait: saturated, not a loop
        SignalFrame out = signals(executor("exporter", 2, 2, 7, 0));

        assertThat(out.text("top_executor", 8)).isEqualTo("exporter");
        assertThat(out.values("executor_busy_share")[8]).isCloseTo(1, within(1e-9));
        assertThat(out.values("executor_queued")[8]).isEqualTo(7);
    }

    @Test
    void givenVirtualThreadsWaitingOnFutures_thenTheSampledWaitsAreTheirFutureWait() {
        // 10 requests/s of 1 s wall on virtual threads, 0.6 s of each sampled parked on a FutureTask
        // and 0.1 s on a lock: JFR records no park event for them, so only the sampled meter knows.
        double[] wall = new double[POINTS];
        double[] onFuture = new double[POINTS];
        double[] onLock = new double[POINTS];
        Arrays.setAll(wall, i -> 10.0 * i);
        Arrays.setAll(onFuture, i -> 6.0 * i);
        Arrays.setAll(onLock, i -> 1.0 * i);
        SignalFrame out = signals(
                series("http_server_requests_seconds_sum", Map.of(), wall),
                series("chokepoint_wait_sampled_seconds_total",
                        Map.of("blocker", "java.util.concurrent.FutureTask", "frame", "x", "site", "Orders.place"), onFuture),
                series("chokepoint_wait_sampled_seconds_total",
                        Map.of("blocker", "java.util.concurrent.locks.ReentrantLock", "frame", "x", "site", "Orders.place"), onLock));

        assertThat(out.values("future_wait_share")[5]).isCloseTo(0.6, within(1e-9));
    }
}
