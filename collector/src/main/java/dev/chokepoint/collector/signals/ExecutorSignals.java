package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The application executor whose tasks waited most in its queue (the agent's executor meters,
 * named from the workers' thread-name prefix), and how full it was: threads busy against its
 * maximum, tasks queued, time a task waited in the queue against the time it ran. Only executors
 * that tasks flow through count: a thread that runs one task for the whole run is a loop, not a
 * pool under load ({@link #withoutLoops}). Also how much
 * of the requests' time went to waiting on a future (the hand-off to an executor, or an async
 * client's answer), which ties a saturated executor to the requests it slows.
 */
final class ExecutorSignals implements SignalGroup {

    static final String QUEUED_TIME = "chokepoint_executor_queued_time_seconds";
    private static final String ACTIVE = "executor_active_threads";
    private static final String MAX = "executor_pool_max_threads";
    private static final String QUEUED = "executor_queued_tasks";
    private static final String COMPLETED = "executor_completed_tasks_total";
    /** Park blockers of a thread waiting for another thread's result (docs/metrics.md, `blocker`). */
    private static final Set<String> FUTURES = Set.of("java.util.concurrent.FutureTask",
            "java.util.concurrent.CompletableFuture");
    private static final Predicate<SeriesKey> PARKED_ON_FUTURE = k -> FUTURES.contains(k.label("blocker"));

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.text("top_executor", "the executor (worker thread-name prefix) whose tasks waited longest in its queue in the window, else the busiest whose tasks finish or queue"),
                Signal.number("executor_active", Unit.COUNT, "its threads running a task"),
                Signal.number("executor_max", Unit.COUNT, "its maximum pool size"),
                Signal.number("executor_busy_share", Unit.RATIO, "its threads running a task / its maximum pool size"),
                Signal.number("executor_queued", Unit.COUNT, "its tasks waiting in the queue"),
                Signal.number("executor_task_rate", Unit.PER_SECOND, "its tasks completed per second"),
                Signal.number("executor_queue_time", Unit.SECONDS, "mean time its tasks waited in the queue before a thread took them"),
                Signal.number("executor_run_time", Unit.SECONDS, "mean time its tasks ran (threads running / tasks completed per second, Little's law)"),
                Signal.number("executor_queue_ratio", Unit.FACTOR, "queue time / run time of its tasks"),
                Signal.number("future_wait_share", Unit.RATIO, "share of request time parked on a future (FutureTask, CompletableFuture: waiting for another thread's result)"));
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        int n = in.grid().size();
        double seconds = in.grid().windowSeconds();
        Map<String, double[]> queuedSum = in.increaseBy(QUEUED_TIME + "_sum", "name");
        Map<String, double[]> queuedCount = in.increaseBy(QUEUED_TIME + "_count", "name");
        Map<String, double[]> busy = new LinkedHashMap<>();
        for (Series s : in.series(ACTIVE, k -> true)) {
            String name = String.valueOf(s.key().label("name"));
            busy.computeIfAbsent(name, x -> withoutLoops(in, x,
                    PointWise.ratio(in.gaugeSum(ACTIVE, named(x)), in.gaugeSum(MAX, named(x))), queuedCount.get(x)));
        }
        String[] top = new String[n];
        double[] active = nan(n), max = nan(n), share = nan(n), queued = nan(n), rate = nan(n);
        double[] queueTime = nan(n), runTime = nan(n);
        List<String> mostQueued = LockSignals.largestEach(queuedSum, n);
        List<String> busiest = LockSignals.largestEach(busy, n);
        for (int i = 0; i < n; i++) {
            top[i] = mostQueued.get(i) != null ? mostQueued.get(i) : busiest.get(i);
        }
        // Each executor's arrays once, then the picked one's value per point.
        Map<String, double[][]> per = new HashMap<>();
        for (int i = 0; i < n; i++) {
            String name = top[i];
            if (name == null) {
                continue;
            }
            double[][] a = per.computeIfAbsent(name, x -> new double[][]{
                    in.gaugeSum(ACTIVE, named(x)), in.gaugeSum(MAX, named(x)), in.gaugeSum(QUEUED, named(x)),
                    in.increase(COMPLETED, named(x)),
                    queuedSum.getOrDefault(x, nan(n)), queuedCount.getOrDefault(x, nan(n))});
            active[i] = a[0][i];
            max[i] = a[1][i];
            share[i] = a[1][i] > 0 ? a[0][i] / a[1][i] : Double.NaN;
            queued[i] = a[2][i];
            rate[i] = a[3][i] / seconds;
            queueTime[i] = a[5][i] > 0 ? a[4][i] / a[5][i] : Double.NaN;
            runTime[i] = rate[i] > 0 ? active[i] / rate[i] : Double.NaN;
        }
        out.putText("top_executor", top);
        out.put("executor_active", active);
        out.put("executor_max", max);
        out.put("executor_busy_share", share);
        out.put("executor_queued", queued);
        out.put("executor_task_rate", rate);
        out.put("executor_queue_time", queueTime);
        out.put("executor_run_time", runTime);
        out.put("executor_queue_ratio", PointWise.ratio(queueTime, runTime));
        double[] wall = in.increase(TrafficSignals.REQUESTS + "_sum");
        // Virtual threads' parks reach no JFR event: the agent samples them instead (same blocker tag).
        double[] futureWait = PointWise.sumOfKnown(
                PointWise.orZeroWhereKnown(in.increase(LockSignals.PARK + "_sum", PARKED_ON_FUTURE),
                        in.increase(LockSignals.PARK + "_count")),
                PointWise.orZeroWhereKnown(in.increase(LockSignals.SAMPLED, PARKED_ON_FUTURE),
                        in.increase(LockSignals.SAMPLED)));
        out.put("future_wait_share", PointWise.ratio(futureWait, wall));
    }

    /**
     * {@code busy} unknown where the executor's threads ran without a task finishing in the window
     * and none waiting: a background loop (MySQL Connector/J's one-thread
     * {@code mysql-cj-abandoned-connection-cleanup}, whose single task never ends) reads 100 % busy
     * at every step, yet nothing queues for it or waits on it, so it would be picked as the busiest
     * executor and shown as the headroom of every step. An executor at its limit has tasks that
     * finish or wait; where the completed count is unknown (an exporter without it), it counts.
     */
    private static double[] withoutLoops(TargetSeries in, String name, double[] busy, double[] queuedCount) {
        double[] completed = in.increase(COMPLETED, named(name));
        double[] queued = in.gaugeSum(QUEUED, named(name));
        double[] out = busy.clone();
        for (int i = 0; i < out.length; i++) {
            boolean waited = queued[i] > 0 || queuedCount != null && queuedCount[i] > 0;
            if (completed[i] == 0 && !waited) {
                out[i] = Double.NaN;
            }
        }
        return out;
    }

    private static Predicate<SeriesKey> named(String name) {
        return k -> name.equals(String.valueOf(k.label("name")));
    }

    private static double[] nan(int n) {
        double[] a = new double[n];
        Arrays.fill(a, Double.NaN);
        return a;
    }
}
