package dev.chokepoint.collector.signals;

import java.util.ArrayList;
import java.util.List;

/** JDBC statements by fingerprint: the one taking most JDBC time, and how it compares to its baseline. */
final class StatementSignals implements SignalGroup {

    private static final String TIMER = "chokepoint_jdbc_query_seconds";
    private final LabelPickSignals top = new LabelPickSignals("top_query", "top_query", TIMER, "query",
            TimerByLabel.Pick.LARGEST_SHARE, "the statement fingerprint taking most JDBC time");

    @Override
    public List<Signal> signals() {
        List<Signal> out = new ArrayList<>(List.of(
                Signal.number("jdbc_query_rate", Unit.PER_SECOND, "statements executed per second"),
                Signal.number("jdbc_query_mean", Unit.SECONDS, "mean statement latency"),
                Signal.number("jdbc_concurrency", Unit.COUNT, "statements in progress on average (statement-seconds per second)")));
        out.addAll(top.signals());
        return out;
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        double[] count = in.increase(TIMER + "_count");
        double[] sum = in.increase(TIMER + "_sum");
        out.put("jdbc_query_rate", PointWise.scale(count, 1 / in.grid().windowSeconds()));
        out.put("jdbc_query_mean", PointWise.ratio(sum, count));
        out.put("jdbc_concurrency", PointWise.scale(sum, 1 / in.grid().windowSeconds()));
        top.compute(in, baseline, out);
    }
}
