package dev.chokepoint.agent.hikari.tracker;

import com.zaxxer.hikari.metrics.PoolStats;
import dev.chokepoint.agent.hikari.PoolGauges;

/** Hikari's {@link PoolStats} seen as plain ints (PoolStats caches its numbers for a second). */
final class PoolStatsGauges implements PoolGauges {

    private final PoolStats stats;

    PoolStatsGauges(PoolStats stats) {
        this.stats = stats;
    }

    @Override
    public int total() {
        return stats.getTotalConnections();
    }

    @Override
    public int active() {
        return stats.getActiveConnections();
    }

    @Override
    public int idle() {
        return stats.getIdleConnections();
    }

    @Override
    public int pending() {
        return stats.getPendingThreads();
    }

    @Override
    public int max() {
        return stats.getMaxConnections();
    }

    @Override
    public int min() {
        return stats.getMinConnections();
    }
}
