package dev.chokepoint.agent.hikari.tracker;

import com.zaxxer.hikari.metrics.IMetricsTracker;
import dev.chokepoint.agent.hikari.HikariPoolMetrics;

/**
 * Hikari's per-pool tracker: records into the agent's meters, then passes every call on to the
 * application's tracker unchanged (wrap, never replace). Hikari calls {@code acquired} on the
 * thread that asked for the connection, which is how the request learns its pool wait.
 */
final class ChokepointTracker implements IMetricsTracker {

    private final HikariPoolMetrics metrics;
    private final IMetricsTracker application;

    ChokepointTracker(HikariPoolMetrics metrics, IMetricsTracker application) {
        this.metrics = metrics;
        this.application = application;
    }

    @Override
    public void recordConnectionCreatedMillis(long connectionCreatedMillis) {
        metrics.created(connectionCreatedMillis);
        if (application != null) {
            application.recordConnectionCreatedMillis(connectionCreatedMillis);
        }
    }

    @Override
    public void recordConnectionAcquiredNanos(long elapsedAcquiredNanos) {
        metrics.acquired(elapsedAcquiredNanos);
        if (application != null) {
            application.recordConnectionAcquiredNanos(elapsedAcquiredNanos);
        }
    }

    @Override
    public void recordConnectionUsageMillis(long elapsedBorrowedMillis) {
        metrics.used(elapsedBorrowedMillis);
        if (application != null) {
            application.recordConnectionUsageMillis(elapsedBorrowedMillis);
        }
    }

    @Override
    public void recordConnectionTimeout() {
        metrics.timedOut();
        if (application != null) {
            application.recordConnectionTimeout();
        }
    }

    @Override
    public void close() {
        metrics.close();
        if (application != null) {
            application.close();
        }
    }
}
