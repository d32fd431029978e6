package dev.chokepoint.agent.executor.bridge;

/**
 * What the hooks woven into {@code java.util.concurrent.ThreadPoolExecutor} call. That class
 * is loaded by the bootstrap class loader, which cannot see the agent's jar: this one class (and
 * nothing it references but {@code java.base}) is therefore put on the bootstrap class path
 * before {@code ThreadPoolExecutor} is transformed, and the agent's implementation
 * ({@link dev.chokepoint.agent.executor.ExecutorTracking}), loaded by the application class
 * loader, registers itself as {@link #current}.
 *
 * <p>Until one is registered, and whenever a call fails, the calls do nothing: they never throw
 * into the executor (the advice also suppresses every throwable).
 */
public abstract class ExecutorBridge {

    /** The agent's implementation; {@code null} until the executor probe binds. */
    public static volatile ExecutorBridge current;

    /** A {@code ThreadPoolExecutor} was constructed. */
    public static void created(Object executor) {
        ExecutorBridge bridge = current;
        if (bridge != null) {
            bridge.onCreated(executor);
        }
    }

    /** A worker thread of {@code executor} starts its loop (on that thread). */
    public static void workerStarted(Object executor) {
        ExecutorBridge bridge = current;
        if (bridge != null) {
            bridge.onWorkerStarted(executor);
        }
    }

    /** {@code task} was handed to {@code execute}: it may be queued. */
    public static void submitted(Object task) {
        ExecutorBridge bridge = current;
        if (bridge != null && task != null) {
            bridge.onSubmitted(task);
        }
    }

    /** {@code task} goes to a new worker directly, or was rejected: it was never queued. */
    public static void notQueued(Object task) {
        ExecutorBridge bridge = current;
        if (bridge != null && task != null) {
            bridge.onNotQueued(task);
        }
    }

    /** A worker of {@code executor} took {@code task} from the queue ({@code null}: none, it exits). */
    public static void taken(Object executor, Object task) {
        ExecutorBridge bridge = current;
        if (bridge != null && task != null) {
            bridge.onTaken(executor, task);
        }
    }

    protected abstract void onCreated(Object executor);

    protected abstract void onWorkerStarted(Object executor);

    protected abstract void onSubmitted(Object task);

    protected abstract void onNotQueued(Object task);

    protected abstract void onTaken(Object executor, Object task);
}
