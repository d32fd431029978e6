package dev.chokepoint.agent.executor;

import dev.chokepoint.agent.request.RequestTimes;
import dev.chokepoint.agent.executor.bridge.ExecutorBridge;
import io.micrometer.core.instrument.Timer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * The agent's side of {@link ExecutorBridge}: registers executors with {@link ExecutorMetrics},
 * names them from their first worker thread, and times each task from {@code execute} to the
 * moment a worker takes it from the queue.
 *
 * <p>Submission times are kept by task identity in a bounded map: a task that leaves the queue
 * another way ({@code remove}, {@code shutdownNow}, {@code purge}) is never taken, so the map is
 * cleared when it reaches {@link #MAX_PENDING} entries (a few queue times are then not
 * recorded); memory stays bounded whatever the application does.
 */
public final class ExecutorTracking extends ExecutorBridge {

    static final int MAX_PENDING = 10_000;

    private final ExecutorMetrics metrics;
    private final Map<Object, Long> submittedAt = new ConcurrentHashMap<>();
    /**
     * The queue-time timer of the executor the current worker thread belongs to: set when the
     * worker starts ({@code runWorker}), read when it takes a task, so that the per-task path
     * needs no executor lookup and no lock.
     */
    private final ThreadLocal<Timer> workerQueueTime = new ThreadLocal<>();

    ExecutorTracking(ExecutorMetrics metrics) {
        this.metrics = metrics;
    }

    /** Makes the advice calls reach {@code metrics}. */
    static void install(ExecutorMetrics metrics) {
        current = new ExecutorTracking(metrics);
    }

    /** The advice calls do nothing again. */
    static void uninstall() {
        current = null;
    }

    @Override
    protected void onCreated(Object executor) {
        if (executor instanceof ThreadPoolExecutor && !isExcluded(executor.getClass().getName())) {
            metrics.register((ThreadPoolExecutor) executor);
        }
    }

    @Override
    protected void onWorkerStarted(Object executor) {
        if (executor instanceof ThreadPoolExecutor && !isExcluded(executor.getClass().getName())) {
            workerQueueTime.set(metrics.named((ThreadPoolExecutor) executor, Thread.currentThread().getName()));
        }
    }

    @Override
    protected void onSubmitted(Object task) {
        if (submittedAt.size() >= MAX_PENDING) {
            submittedAt.clear();
        }
        submittedAt.put(task, System.nanoTime());
    }

    @Override
    protected void onNotQueued(Object task) {
        submittedAt.remove(task);
    }

    @Override
    protected void onTaken(Object executor, Object task) {
        Long at = submittedAt.remove(task);
        Timer timer = workerQueueTime.get();
        if (at != null && timer != null) {
            RequestTimes.current().record(timer, System.nanoTime() - at);
        }
    }

    /** Tomcat's own executor keeps its {@code tomcat.threads.*} names (Tomcat 8.5's extends this class). */
    static boolean isExcluded(String className) {
        return className.startsWith("org.apache.tomcat.") || className.startsWith("org.apache.catalina.");
    }
}
