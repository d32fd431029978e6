package dev.chokepoint.agent.hikari.tracker;

import com.zaxxer.hikari.metrics.IMetricsTracker;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import com.zaxxer.hikari.metrics.PoolStats;
import dev.chokepoint.agent.hikari.HikariPoolMetrics;
import dev.chokepoint.agent.hikari.HikariTracking;

/**
 * The factory Hikari gets instead of the application's: it wraps the application's factory (or
 * none) and gives every pool a tracker that feeds both the agent and the application's tracker.
 *
 * <p>The classes of this package implement Hikari interfaces, so they are defined in Hikari's own
 * class loader ({@link HikariTracking} injects them there when it is not the agent's). From there
 * they may use only public members of the agent's classes: a package of the same name in another
 * loader is another runtime package.
 */
public final class ChokepointTrackerFactory implements MetricsTrackerFactory {

    private final MetricsTrackerFactory application;

    public ChokepointTrackerFactory(MetricsTrackerFactory application) {
        this.application = application;
    }

    /** The application's own factory, or null when it set none. */
    public MetricsTrackerFactory application() {
        return application;
    }

    @Override
    public IMetricsTracker create(String poolName, PoolStats poolStats) {
        // The application's tracker first and unguarded: if it fails, Hikari fails as it would without us.
        IMetricsTracker applicationTracker = application == null ? null : application.create(poolName, poolStats);
        HikariPoolMetrics metrics = HikariTracking.bind(poolName, new PoolStatsGauges(poolStats));
        return new ChokepointTracker(metrics, applicationTracker);
    }
}
