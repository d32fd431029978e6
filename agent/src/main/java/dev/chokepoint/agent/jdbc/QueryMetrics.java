package dev.chokepoint.agent.jdbc;

import dev.chokepoint.agent.label.BoundedLabels;
import dev.chokepoint.agent.request.LastLookup;
import dev.chokepoint.agent.request.RequestTimes;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code chokepoint.jdbc.query} {query, type, pool, outcome}: one timer per statement shape,
 * fed by {@link TimedStatement} after each execution.
 */
public final class QueryMetrics implements MeterBinder {

    /** Pools are few; the cap only guards against an application creating pools in a loop. */
    static final int MAX_POOLS = 20;

    private final BoundedLabels queries;
    private final BoundedLabels poolNames = new BoundedLabels(MAX_POOLS, MAX_POOLS, name -> name);
    /** pool tag → its statements' timers; bounded by MAX_POOLS × (jdbc.max-queries + 1). */
    private final ConcurrentHashMap<String, PoolQueries> pools = new ConcurrentHashMap<>();
    private volatile MeterRegistry registry;

    public QueryMetrics(int maxQueries) {
        // The memo holds raw SQL → shape; 10 × the cap covers the same shape with a few literal variants.
        this.queries = new BoundedLabels(maxQueries, 10 * maxQueries, new SqlNormalizer());
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Records one execution of {@code sql} on {@code pool} ({@code none} for unpooled connections). */
    public void record(String pool, String sql, boolean success, long nanos) {
        pool(pool).record(RequestTimes.current(), sql, success, nanos);
    }

    /**
     * The statements of one pool, resolved once per connection (a connection's pool never changes),
     * so that an execution costs two map lookups (raw SQL → shape, shape → timers), or none when its
     * thread ran the same text on the same pool last ({@link LastLookup}).
     */
    PoolQueries pool(String pool) {
        String poolTag = poolNames.admit(pool == null || pool.isEmpty() ? JdbcProxies.UNPOOLED : pool);
        PoolQueries known = pools.get(poolTag);
        return known != null ? known : pools.computeIfAbsent(poolTag, PoolQueries::new);
    }

    int seriesCount() {
        return pools.values().stream().mapToInt(p -> p.byQuery.size()).sum();
    }

    /** One pool tag's statement shapes and their timers. */
    final class PoolQueries {
        private final String poolTag;
        private final ConcurrentHashMap<String, QueryTimers> byQuery = new ConcurrentHashMap<>();

        private PoolQueries(String poolTag) {
            this.poolTag = poolTag;
        }

        /** On the thread that ran the statement, whose {@code times} the record goes through. */
        void record(RequestTimes times, String sql, boolean success, long nanos) {
            MeterRegistry target = registry;
            if (target == null || sql == null) {
                return;
            }
            LastLookup last = times.lastStatement();
            Object previous = last == null ? null : last.get(this, sql);
            QueryTimers shape = previous != null ? (QueryTimers) previous : timers(target, sql);
            if (previous == null && last != null) {
                last.put(this, sql, shape);
            }
            times.record(shape.get(success), nanos);
        }

        private QueryTimers timers(MeterRegistry target, String sql) {
            String query = queries.label(sql);
            QueryTimers shape = byQuery.get(query);
            return shape != null ? shape : byQuery.computeIfAbsent(query, q -> new QueryTimers(target, poolTag, q,
                    BoundedLabels.OTHER.equals(q) ? "other" : SqlNormalizer.type(sql)));
        }
    }

    /** The two timers of one statement shape; the error one is registered on the first error only. */
    private static final class QueryTimers {
        private final MeterRegistry registry;
        private final String pool;
        private final String query;
        private final String type;
        private final Timer success;
        private volatile Timer error;

        QueryTimers(MeterRegistry registry, String pool, String query, String type) {
            this.registry = registry;
            this.pool = pool;
            this.query = query;
            this.type = type;
            this.success = timer("success");
        }

        Timer get(boolean succeeded) {
            if (succeeded) {
                return success;
            }
            Timer failed = error;
            if (failed == null) {
                failed = timer("error");
                error = failed;
            }
            return failed;
        }

        private Timer timer(String outcome) {
            return Timer.builder("chokepoint.jdbc.query")
                    .description("JDBC statement executions by normalized statement")
                    .tags("query", query, "type", type, "pool", pool, "outcome", outcome)
                    .register(registry);
        }
    }
}
