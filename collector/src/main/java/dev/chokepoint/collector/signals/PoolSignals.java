package dev.chokepoint.collector.signals;

import java.util.List;

/** HikariCP: occupancy, waiting threads, acquire and hold times, and hold time against JDBC time. */
final class PoolSignals implements SignalGroup {

    private static final String ACQUIRE_MAX = "hikaricp_connections_acquire_seconds_max";

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.number("pool_active", Unit.COUNT, "connections in use"),
                Signal.number("pool_idle", Unit.COUNT, "connections idle"),
                Signal.number("pool_open", Unit.COUNT, "connections open (active + idle); below pool_max while threads wait: the database refuses more"),
                Signal.number("pool_pending", Unit.COUNT, "threads waiting for a connection"),
                Signal.number("pool_max", Unit.COUNT, "maximum pool size"),
                Signal.number("pool_utilization", Unit.RATIO, "connection-seconds held per second / max connections (time-integrated; active / max where the usage timer is missing)"),
                Signal.number("pool_acquire_mean", Unit.SECONDS, "mean time to get a connection"),
                Signal.number("pool_acquire_max", Unit.SECONDS, "longest recent wait for a connection"),
                Signal.number("pool_usage_mean", Unit.SECONDS, "mean time a connection is held"),
                Signal.number("pool_timeout_rate", Unit.PER_SECOND, "connection timeouts per second"),
                Signal.number("pool_hold_to_jdbc_ratio", Unit.FACTOR, "connection hold time / JDBC statement time (≫ 1: held during non-database work)"),
                Signal.number("pool_acquire_to_query_ratio", Unit.FACTOR, "acquire mean / statement mean"));
    }

    @Override
    public List<String> maximaRead() {
        return List.of(ACQUIRE_MAX);
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        double[] active = in.gaugeSum("hikaricp_connections_active");
        double[] max = in.gaugeSum("hikaricp_connections_max");
        double[] acquireMean = PointWise.ratio(in.increase("hikaricp_connections_acquire_seconds_sum"),
                in.increase("hikaricp_connections_acquire_seconds_count"));
        double[] usageSum = in.increase("hikaricp_connections_usage_seconds_sum");
        out.put("pool_active", active);
        out.put("pool_idle", in.gaugeSum("hikaricp_connections_idle"));
        out.put("pool_open", in.gaugeSum("hikaricp_connections"));
        out.put("pool_pending", in.gaugeSum("hikaricp_connections_pending"));
        out.put("pool_max", max);
        // Held connection-seconds per second from the usage timer's sum: the active gauge, read once
        // a second, misses holds shorter than the scrape interval (a 2-connection pool read 40 %
        // busy per 10 RPS predicted 157 RPS and saturated at 94).
        double[] held = PointWise.scale(usageSum, 1 / in.grid().windowSeconds());
        out.put("pool_utilization", PointWise.firstKnown(PointWise.ratio(held, max), PointWise.ratio(active, max)));
        out.put("pool_acquire_mean", acquireMean);
        out.put("pool_acquire_max", in.gaugeSum(ACQUIRE_MAX));
        out.put("pool_usage_mean", PointWise.ratio(usageSum, in.increase("hikaricp_connections_usage_seconds_count")));
        out.put("pool_timeout_rate", PointWise.scale(in.increase("hikaricp_connections_timeout_total"),
                1 / in.grid().windowSeconds()));
        // Per-request JDBC time when the agent splits requests, else all statements' time.
        double[] jdbc = PointWise.firstKnown(in.increase("chokepoint_request_jdbc_seconds_sum"),
                in.increase("chokepoint_jdbc_query_seconds_sum"));
        out.put("pool_hold_to_jdbc_ratio", PointWise.ratio(usageSum, jdbc));
        double[] queryMean = PointWise.ratio(in.increase("chokepoint_jdbc_query_seconds_sum"),
                in.increase("chokepoint_jdbc_query_seconds_count"));
        out.put("pool_acquire_to_query_ratio", PointWise.ratio(acquireMean, queryMean));
    }
}
