package dev.chokepoint.agent.executor;

import dev.chokepoint.agent.request.RequestTimes;
import dev.chokepoint.agent.label.BoundedLabels;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.ToDoubleFunction;

/**
 * Micrometer's executor meters ({@code executor.active}, {@code executor.pool.size},
 * {@code executor.pool.core}, {@code executor.pool.max}, {@code executor.queued},
 * {@code executor.queue.remaining}, {@code executor.completed}) and
 * {@code chokepoint.executor.queued.time}, tagged {@code name}, for every registered
 * {@link ThreadPoolExecutor}. Works without the agent: {@link #register} and {@link #named} are
 * what the agent's advice calls.
 *
 * <p>The name is the executor's worker thread name with digits dropped ({@code ledger-writer-3} →
 * {@code ledger-writer}, {@code pool-2-thread-1} → {@code pool-thread}): known only once its first
 * worker starts, so an executor is published then. Executors that share a name (every
 * {@code Executors.newFixedThreadPool} is {@code pool-thread}) share its series: the gauges add
 * their executors up. At most {@code maxNames} names, the rest {@code other}.
 *
 * <p>Executors are held weakly (an application that creates executors in a loop must not keep
 * them alive); the gauges read the live ones at scrape time. {@code executor.completed} is a
 * counter, so it must not drop when an executor is collected: each executor's count at the last
 * scrape is kept, and a collected one's stays in the sum (tasks it completed after that scrape are
 * not seen; no hook counts them one by one, which would cost every task).
 */
public final class ExecutorMetrics implements MeterBinder {

    private final BoundedLabels names;
    /** executor → its group, once named; weak keys, guarded by itself. */
    private final Map<ThreadPoolExecutor, Group> groups = new WeakHashMap<>();
    private final ConcurrentHashMap<String, Group> byName = new ConcurrentHashMap<>();
    private volatile MeterRegistry registry;

    public ExecutorMetrics(int maxNames) {
        this.names = new BoundedLabels(maxNames, 4 * maxNames, ExecutorMetrics::prefix);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        this.registry = registry;
    }

    /** An executor was constructed; it is published when its first worker names it. */
    public void register(ThreadPoolExecutor executor) {
        // Nothing to keep yet: the name comes with the first worker (named below).
    }

    /**
     * A worker thread called {@code threadName} of {@code executor} started; the timer its
     * queue times go to ({@code null} before {@link #bindTo}).
     */
    public Timer named(ThreadPoolExecutor executor, String threadName) {
        MeterRegistry target = registry;
        if (target == null) {
            return null;
        }
        synchronized (groups) {
            Group known = groups.get(executor);
            if (known != null) {
                return known.queuedTime;
            }
            String name = names.label(threadName);
            Group group = byName.computeIfAbsent(name, n -> new Group(target, n));
            group.add(executor);
            groups.put(executor, group);
            return group.queuedTime;
        }
    }

    /** {@code executor} had a task waiting {@code nanos} in its queue. */
    public void queued(ThreadPoolExecutor executor, long nanos) {
        Group group;
        synchronized (groups) {
            group = groups.get(executor);
        }
        if (group != null) {
            RequestTimes.current().record(group.queuedTime, nanos);
        }
    }

    /** {@code ledger-writer-3} → {@code ledger-writer}; {@code pool-2-thread-1} → {@code pool-thread}. */
    static String prefix(String threadName) {
        String noDigits = threadName.replaceAll("[0-9]+", "");
        String folded = noDigits.replaceAll("([-_.# ])[-_.# ]+", "$1").replaceAll("^[-_.# ]+|[-_.# ]+$", "");
        return folded.isEmpty() ? "unnamed" : folded;
    }

    /** The executors of one name and their meters. */
    private static final class Group {
        /** Guarded by {@code this}. */
        private final List<Member> executors = new ArrayList<>();
        /** Tasks completed by executors since collected, at the scrape before they were; guarded by {@code this}. */
        private long retiredCompleted;
        private final Timer queuedTime;

        Group(MeterRegistry registry, String name) {
            gauge(registry, "executor.active", name, "threads", "The approximate number of threads actively executing tasks",
                    ThreadPoolExecutor::getActiveCount);
            gauge(registry, "executor.pool.size", name, "threads", "The current number of threads in the pool",
                    ThreadPoolExecutor::getPoolSize);
            gauge(registry, "executor.pool.core", name, "threads", "The core number of threads for the pool",
                    ThreadPoolExecutor::getCorePoolSize);
            gauge(registry, "executor.pool.max", name, "threads", "The maximum allowed number of threads in the pool",
                    ThreadPoolExecutor::getMaximumPoolSize);
            gauge(registry, "executor.queued", name, "tasks", "The approximate number of tasks that are queued for execution",
                    e -> e.getQueue().size());
            gauge(registry, "executor.queue.remaining", name, "tasks",
                    "The number of additional elements that this queue can ideally accept without blocking",
                    e -> e.getQueue().remainingCapacity());
            FunctionCounter.builder("executor.completed", this, Group::completed)
                    .tag("name", name).baseUnit("tasks")
                    .description("The approximate total number of tasks that have completed execution")
                    .register(registry);
            queuedTime = Timer.builder("chokepoint.executor.queued.time").tag("name", name)
                    .description("Time tasks waited in the executor's queue before a worker took them")
                    .register(registry);
        }

        private void gauge(MeterRegistry registry, String meter, String name, String unit, String description,
                           ToDoubleFunction<ThreadPoolExecutor> read) {
            // The group is referenced strongly by ExecutorMetrics.byName, so the weak gauge keeps reading it.
            Gauge.builder(meter, this, g -> g.sum(read)).tag("name", name).baseUnit(unit).description(description)
                    .register(registry);
        }

        synchronized void add(ThreadPoolExecutor executor) {
            completed(); // drops the collected ones, their counts kept
            executors.add(new Member(executor));
        }

        /** The sum over live executors; NaN when there is none (all collected). */
        synchronized double sum(ToDoubleFunction<ThreadPoolExecutor> read) {
            double sum = 0;
            boolean any = false;
            for (Member member : executors) {
                ThreadPoolExecutor executor = member.get();
                if (executor != null) {
                    try {
                        sum += read.applyAsDouble(executor);
                        any = true;
                    } catch (RuntimeException e) {
                        // a custom queue that fails size(): that executor reads as nothing
                    }
                }
            }
            return any ? sum : Double.NaN;
        }

        /** Tasks completed by this name's executors, collected ones included: never goes down. */
        synchronized double completed() {
            long live = 0;
            for (Iterator<Member> it = executors.iterator(); it.hasNext(); ) {
                Member member = it.next();
                ThreadPoolExecutor executor = member.get();
                if (executor == null) {
                    retiredCompleted += member.completed;
                    it.remove();
                    continue;
                }
                // The JDK's own count never drops (an ending worker's tasks move to the pool's total
                // under its lock); max() keeps that so whatever a subclass answers.
                member.completed = Math.max(member.completed, executor.getCompletedTaskCount());
                live += member.completed;
            }
            return retiredCompleted + live;
        }
    }

    /** An executor, held weakly, and its completed tasks at the last read. */
    private static final class Member extends WeakReference<ThreadPoolExecutor> {
        long completed;

        Member(ThreadPoolExecutor executor) {
            super(executor);
        }
    }
}
