package dev.chokepoint.collector.signals;

import java.util.List;

/** Process CPU against the cores the JVM sees and against a cgroup quota, and throttling. */
final class CpuSignals implements SignalGroup {

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.number("cpu_cores_used", Unit.CORES, "CPU cores the process used"),
                Signal.number("cpu_cores_available", Unit.CORES, "cores the JVM sees (system.cpu.count)"),
                Signal.number("cpu_utilization", Unit.RATIO, "process CPU / available cores"),
                Signal.number("host_cpu_utilization", Unit.RATIO, "whole machine CPU use (system.cpu.usage)"),
                Signal.number("cpu_load_per_core", Unit.COUNT, "1-minute load average per core (runnable threads waiting for a core)"),
                Signal.number("cpu_pressure", Unit.RATIO, "share of time some runnable task waited for a core (PSI some, the cgroup's or the host's)"),
                Signal.number("cpu_runnable_per_core", Unit.COUNT, "host threads running or waiting for a core, per core, now (/proc/loadavg)"),
                Signal.number("cpu_quota_cores", Unit.CORES, "cgroup CPU quota in cores (absent when unlimited)"),
                Signal.number("cpu_quota_utilization", Unit.RATIO, "process CPU / quota"),
                Signal.number("cpu_jit_utilization", Unit.RATIO,
                        "the JIT compiler threads' CPU (chokepoint.jit.cpu) / available cores"),
                Signal.number("cpu_quota_jit_utilization", Unit.RATIO,
                        "the JIT compiler threads' CPU / quota"),
                Signal.number("cpu_gc_concurrent_utilization", Unit.RATIO,
                        "G1's concurrent threads' CPU (chokepoint.gc.concurrent.cpu: marking, refinement) / available cores"),
                Signal.number("cpu_background_utilization", Unit.RATIO,
                        "the JVM's own CPU that does not grow with the requests: the JIT compilers' + G1's concurrent "
                        + "threads' (where measured) / available cores"),
                Signal.number("cpu_quota_background_utilization", Unit.RATIO,
                        "the JIT compilers' + G1's concurrent threads' CPU / quota"),
                Signal.number("cpu_request_utilization", Unit.RATIO,
                        "CPU the requests caused: their threads' CPU per second (chokepoint.request.cpu) / available cores, "
                        + "+ the share of time in GC pauses (which hold the cores)"),
                Signal.number("cpu_quota_request_utilization", Unit.RATIO,
                        "CPU the requests caused, against the quota: their threads' CPU per second / quota, "
                        + "+ the share of time in GC pauses"),
                Signal.number("cpu_throttled_fraction", Unit.RATIO, "share of CFS periods in which the cgroup was throttled"),
                Signal.number("cpu_throttled_rate", Unit.RATIO, "seconds throttled per second"));
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        double seconds = in.grid().windowSeconds();
        double[] available = in.gaugeSum("system_cpu_count");
        // CPU time is exact over the window; process.cpu.usage is the JVM's own recent estimate.
        double[] fromTime = PointWise.scale(in.increase("process_cpu_time_ns_total"), 1e-9 / seconds);
        double[] fromUsage = PointWise.times(in.gaugeSum("process_cpu_usage"), available);
        double[] used = PointWise.firstKnown(fromTime, fromUsage);
        double[] quota = in.gaugeSum("chokepoint_cpu_quota_cores");
        out.put("cpu_cores_used", used);
        out.put("cpu_cores_available", available);
        out.put("cpu_utilization", PointWise.ratio(used, available));
        out.put("host_cpu_utilization", in.gaugeSum("system_cpu_usage"));
        out.put("cpu_load_per_core", PointWise.ratio(in.gaugeSum("system_load_average_1m"), available));
        out.put("cpu_pressure", PointWise.scale(in.increase("chokepoint_cpu_pressure_some_seconds_total"), 1 / seconds));
        out.put("cpu_runnable_per_core", PointWise.ratio(in.gaugeSum("chokepoint_cpu_runnable_threads"), available));
        out.put("cpu_quota_cores", quota);
        out.put("cpu_quota_utilization", PointWise.ratio(used, quota));
        // What the requests cost beyond their own threads' CPU and grows with them: the garbage they
        // leave, collected in pauses that keep the cores (or the quota) busy. Left out: a cold JVM's
        // compiling, which does not grow with load (what the utilization law needs this for).
        double[] requests = PointWise.scale(in.increase("chokepoint_request_cpu_seconds_sum"), 1 / seconds);
        double[] paused = PointWise.scale(in.increase("jvm_gc_pause_seconds_sum"), 1 / seconds);
        paused = PointWise.orZeroWhereKnown(paused, requests);
        out.put("cpu_request_utilization", PointWise.plus(PointWise.ratio(requests, available), paused));
        out.put("cpu_quota_request_utilization", PointWise.plus(PointWise.ratio(requests, quota), paused));
        // The compilers' CPU, which a cold JVM spends and a warm one does not, whatever the load.
        double[] jit = PointWise.scale(in.increase("chokepoint_jit_cpu_seconds_total"), 1 / seconds);
        out.put("cpu_jit_utilization", PointWise.ratio(jit, available));
        out.put("cpu_quota_jit_utilization", PointWise.ratio(jit, quota));
        // G1's concurrent marking: CPU it spends while cores are idle and gives up once they are full
        // (17-25 times less per request on the cpu scenario, docs/measurements.md "Not a cold JVM").
        double[] marking = PointWise.scale(in.increase("chokepoint_gc_concurrent_cpu_seconds_total"), 1 / seconds);
        double[] background = PointWise.plus(jit, PointWise.orZeroWhereKnown(marking, jit));
        out.put("cpu_gc_concurrent_utilization", PointWise.ratio(marking, available));
        out.put("cpu_background_utilization", PointWise.ratio(background, available));
        out.put("cpu_quota_background_utilization", PointWise.ratio(background, quota));
        out.put("cpu_throttled_fraction", PointWise.ratio(
                in.increase("chokepoint_cpu_throttled_periods_total"), in.increase("chokepoint_cpu_periods_total")));
        out.put("cpu_throttled_rate", PointWise.scale(in.increase("chokepoint_cpu_throttled_seconds_total"), 1 / seconds));
    }
}
