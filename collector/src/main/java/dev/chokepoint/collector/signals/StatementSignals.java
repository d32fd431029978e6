package dev.chokepoint.collector.signals;

import java.util.List;

/** JDBC statements by fingerprint: the one taking most JDBC time, and how it compares to its baseline. */
final class StatementSignals implements SignalGroup {

    private static final String TIMER = "chokepoint_jdbc_query_seconds";

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.number("jdbc_query_rate", Unit.PER_SECOND, "statements executed per second"),
                Signal.number("jdbc_query_mean", Unit.SECONDS, "mean statement latency"),
                Signal.number("jdbc_concurrency", Unit.COUNT, "statements in progress on average (statement-seconds per second)"),
                Signal.text("top_query", "the statement fingerprint taking most JDBC time"),
                Signal.number("top_query_share", Unit.RATIO, "its share of all JDBC time"),
                Signal.number("top_query_mean", Unit.SECONDS, "its mean latency"),
                Signal.number("top_query_baseline", Unit.SECONDS, "its mean latency at the lowest load step"),
                Signal.number("top_query_inflation", Unit.FACTOR, "its latency / its baseline latency"),
                Signal.number("top_query_rate", Unit.PER_SECOND, "its executions per second"));
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        double[] count = in.increase(TIMER + "_count");
        out.put("jdbc_query_rate", PointWise.scale(count, 1 / in.grid().windowSeconds()));
        double[] sum = in.increase(TIMER + "_sum");
        out.put("jdbc_query_mean", PointWise.ratio(sum, count));
        out.put("jdbc_concurrency", PointWise.scale(sum, 1 / in.grid().windowSeconds()));
        TimerByLabel top = new TimerByLabel(in, TIMER, "query", baseline, TimerByLabel.Pick.LARGEST_SHARE);
        out.putText("top_query", top.label);
        out.put("top_query_share", top.share);
        out.put("top_query_mean", top.mean);
        out.put("top_query_baseline", top.baselineMean);
        out.put("top_query_inflation", top.inflation);
        out.put("top_query_rate", top.rate);
    }
}
