package dev.chokepoint.collector.signals;

import java.util.List;

/**
 * Where a request's wall time goes: CPU, pool wait, JDBC, remote calls, waiting for a core, and
 * the rest ("other wait": locks, sleeps, unknown blocking). Each part is its timer's sum over the
 * window divided by the requests completed, so the parts add up to the mean wall time. The core
 * wait is the request threads' run-queue time (one process-wide counter, Linux only): the part
 * of it spent inside a JDBC call or a pool wait stays in those, so it is taken out of "other
 * wait" only down to zero, and is unknown (not zero) where the agent does not report it.
 */
final class RequestSplitSignals implements SignalGroup {

    private static final String[] PARTS = {"cpu", "pool_wait", "jdbc", "remote"};

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.number("request_wall_mean", Unit.SECONDS, "mean wall time per request"),
                Signal.number("request_cpu_mean", Unit.SECONDS, "mean CPU time per request"),
                Signal.number("request_pool_wait_mean", Unit.SECONDS, "mean connection wait per request"),
                Signal.number("request_jdbc_mean", Unit.SECONDS, "mean JDBC time per request"),
                Signal.number("request_remote_mean", Unit.SECONDS, "mean outbound-call time per request"),
                Signal.number("request_core_wait_mean", Unit.SECONDS, "mean time the request threads waited for a core, per request"),
                Signal.number("request_other_wait_mean", Unit.SECONDS, "wall − cpu − pool wait − jdbc − remote − core wait"),
                Signal.number("request_cpu_share", Unit.RATIO, "CPU share of wall time"),
                Signal.number("request_pool_wait_share", Unit.RATIO, "pool-wait share of wall time"),
                Signal.number("request_jdbc_share", Unit.RATIO, "JDBC share of wall time"),
                Signal.number("request_remote_share", Unit.RATIO, "remote-call share of wall time"),
                Signal.number("request_core_wait_share", Unit.RATIO, "share of wall time the request threads waited for a core"),
                Signal.number("request_other_wait_share", Unit.RATIO, "other-wait share of wall time"));
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        double[] count = in.increase(TrafficSignals.REQUESTS + "_count");
        double[] wallSum = in.increase(TrafficSignals.REQUESTS + "_sum");
        double[] wall = PointWise.ratio(wallSum, count);
        out.put("request_wall_mean", wall);
        double[] other = wall;
        for (String part : PARTS) {
            double[] sum = in.increase("chokepoint_request_" + part + "_seconds_sum");
            // CPU must be measured to say anything about "off CPU"; the other parts may be absent
            // simply because the request never used a connection or called out.
            double[] partSum = part.equals("cpu") ? sum : PointWise.orZeroWhereKnown(sum, wallSum);
            double[] mean = PointWise.ratio(partSum, count);
            out.put("request_" + part + "_mean", mean);
            out.put("request_" + part + "_share", PointWise.ratio(mean, wall));
            other = PointWise.minus(other, mean);
        }
        double[] coreWait = PointWise.ratio(in.increase("chokepoint_request_core_wait_seconds_total"), count);
        out.put("request_core_wait_mean", coreWait);
        out.put("request_core_wait_share", PointWise.ratio(coreWait, wall));
        other = PointWise.lessOverlapping(other, coreWait);
        out.put("request_other_wait_mean", other);
        out.put("request_other_wait_share", PointWise.ratio(other, wall));
    }
}
