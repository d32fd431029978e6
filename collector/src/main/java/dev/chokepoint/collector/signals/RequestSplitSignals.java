package dev.chokepoint.collector.signals;

import java.util.List;

/**
 * Where a request's wall time goes: CPU, pool wait, JDBC, remote calls, waiting for a core, the
 * request threads' lock, park and socket waits of 1 ms or more (JFR), and the rest ("other wait":
 * sleeps, short waits, unknown blocking). Named waits, like the core wait, come out of "other
 * wait" only down to zero. Each part is its timer's sum over the
 * window divided by the requests completed, so the parts add up to the mean wall time. The core
 * wait is the request threads' run-queue time (one process-wide counter, Linux only): the part
 * of it spent inside a JDBC call or a pool wait stays in those, so it is taken out of "other
 * wait" only down to zero, and is unknown (not zero) where the agent does not report it.
 */
final class RequestSplitSignals implements SignalGroup {

    static final String CPU_COUNT = "chokepoint_request_cpu_seconds_count";
    private static final String[] PARTS = {"cpu", "pool_wait", "jdbc", "remote"};
    /**
     * The request threads' JFR waits (agent's wait probe), by kind. Known only while JFR records
     * ({@code chokepoint_wait_recording} = 1): before its start the counters read 0, which would
     * say "no lock wait" where nothing was recorded.
     */
    static final String NAMED_WAIT = "chokepoint_request_wait_seconds_total";
    static final String CORE_WAIT = "chokepoint_request_core_wait_seconds_total";
    static final String RECORDING = "chokepoint_wait_recording";
    private static final String[] NAMED_WAITS = {"lock", "park", "socket"};

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.number("request_wall_mean", Unit.SECONDS, "mean wall time per request"),
                Signal.number("request_cpu_mean", Unit.SECONDS, "mean CPU time per request"),
                Signal.number("request_pool_wait_mean", Unit.SECONDS, "mean connection wait per request"),
                Signal.number("request_jdbc_mean", Unit.SECONDS, "mean JDBC time per request"),
                Signal.number("request_remote_mean", Unit.SECONDS, "mean outbound-call time per request"),
                Signal.number("request_core_wait_mean", Unit.SECONDS, "mean time the request threads waited for a core, per request"),
                Signal.number("request_lock_wait_mean", Unit.SECONDS, "mean time the request threads were blocked entering a monitor (synchronized), per request"),
                Signal.number("request_park_wait_mean", Unit.SECONDS, "mean time the request threads were parked (j.u.c locks, futures, queues), per request"),
                Signal.number("request_socket_wait_mean", Unit.SECONDS, "mean time the request threads waited in sockets of clients without a probe, per request"),
                Signal.number("request_other_wait_mean", Unit.SECONDS, "wall − cpu − pool wait − jdbc − remote − core wait − lock, park and socket waits"),
                Signal.number("request_cpu_share", Unit.RATIO, "CPU share of wall time"),
                Signal.number("request_pool_wait_share", Unit.RATIO, "pool-wait share of wall time"),
                Signal.number("request_jdbc_share", Unit.RATIO, "JDBC share of wall time"),
                Signal.number("request_remote_share", Unit.RATIO, "remote-call share of wall time"),
                Signal.number("request_core_wait_share", Unit.RATIO, "share of wall time the request threads waited for a core"),
                Signal.number("request_lock_wait_share", Unit.RATIO, "share of wall time the request threads were blocked on monitors"),
                Signal.number("request_park_wait_share", Unit.RATIO, "share of wall time the request threads were parked"),
                Signal.number("request_socket_wait_share", Unit.RATIO, "share of wall time the request threads waited in unprobed sockets"),
                Signal.number("request_other_wait_share", Unit.RATIO, "other-wait share of wall time"),
                Signal.number("request_blocked_share", Unit.RATIO,
                        "share of wall time off CPU and outside the pool, JDBC and core waits: remote calls, locks, parks, sockets, sleeps"));
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
            // CPU's timer counts only the requests whose thread CPU clock could be read (none on
            // virtual threads): where it counted none, the mean is unknown, not a false 0 that
            // reads as "all off CPU". (Its count is sampled, so it divides by every request.)
            double[] mean = PointWise.ratio(part.equals("cpu") ? cpuRead(in, partSum) : partSum, count);
            out.put("request_" + part + "_mean", mean);
            out.put("request_" + part + "_share", PointWise.ratio(mean, wall));
            other = PointWise.minus(other, mean);
        }
        double[] coreWait = PointWise.ratio(in.increase(CORE_WAIT), count);
        out.put("request_core_wait_mean", coreWait);
        // A share: at most the whole. The agent counts a worker's wait for a core from its first
        // request on, so on a starved host the waits around the timed request (reading the socket,
        // writing the answer) add to it: petclinic at load average 20 read 193 %.
        out.put("request_core_wait_share", PointWise.atMost(PointWise.ratio(coreWait, wall), 1));
        other = PointWise.lessOverlapping(other, coreWait);
        // Whatever the waits are named, a request blocked in them holds its worker: one share, the
        // same whether or not JFR recorded (rules that ask "are the workers blocked?" read this).
        out.put("request_blocked_share", PointWise.ratio(PointWise.plus(other, out.values("request_remote_mean")), wall));
        double[] recording = in.gaugeSum(RECORDING);
        for (String kind : NAMED_WAITS) {
            double[] named = PointWise.ratio(PointWise.whereOne(in.increase(NAMED_WAIT,
                    k -> kind.equals(k.label("kind"))), recording), count);
            out.put("request_" + kind + "_wait_mean", named);
            out.put("request_" + kind + "_wait_share", PointWise.ratio(named, wall));
            other = PointWise.lessOverlapping(other, named);
        }
        out.put("request_other_wait_mean", other);
        out.put("request_other_wait_share", PointWise.ratio(other, wall));
    }

    /** The CPU sum where the CPU timer counted requests, unknown where it counted none. */
    static double[] cpuRead(TargetSeries in, double[] cpuSum) {
        return PointWise.combine(cpuSum, in.increase(CPU_COUNT), (sum, n) -> n > 0 ? sum : Double.NaN);
    }
}
