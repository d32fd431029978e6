package dev.chokepoint.collector.signals;

import java.util.List;

/** Tomcat's worker pool and connections. */
final class WorkerSignals implements SignalGroup {

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.number("workers_busy", Unit.COUNT, "Tomcat worker threads busy"),
                Signal.number("workers_current", Unit.COUNT, "Tomcat worker threads alive"),
                Signal.number("workers_max", Unit.COUNT, "Tomcat maxThreads"),
                Signal.number("workers_utilization", Unit.RATIO, "busy / max workers"),
                Signal.number("worker_queue", Unit.COUNT, "requests accepted and waiting for a worker"),
                Signal.number("connections_current", Unit.COUNT, "open HTTP connections"),
                Signal.number("connections_max", Unit.COUNT, "Tomcat maxConnections"));
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        double[] busy = in.gaugeSum("tomcat_threads_busy_threads");
        double[] max = in.gaugeSum("tomcat_threads_config_max_threads");
        out.put("workers_busy", busy);
        out.put("workers_current", in.gaugeSum("tomcat_threads_current_threads"));
        out.put("workers_max", max);
        out.put("workers_utilization", PointWise.ratio(busy, max));
        out.put("worker_queue", in.gaugeSum("chokepoint_tomcat_queue"));
        out.put("connections_current", in.gaugeSum("tomcat_connections_current_connections"));
        out.put("connections_max", in.gaugeSum("tomcat_connections_config_max_connections"));
    }
}
