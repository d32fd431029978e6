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
                Signal.number("workers_utilization", Unit.RATIO, "request-seconds served per second / max workers (time-integrated; busy / max where the request timer is missing)"),
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
        // Little's law over the window (requests in service = request-seconds per second), exact
        // where the busy gauge, read once a second, is a sample.
        double[] inService = PointWise.scale(in.increase(TrafficSignals.REQUESTS + "_sum"), 1 / in.grid().windowSeconds());
        out.put("workers_utilization", PointWise.firstKnown(PointWise.ratio(inService, max), PointWise.ratio(busy, max)));
        out.put("worker_queue", in.gaugeSum("chokepoint_tomcat_queue"));
        out.put("connections_current", in.gaugeSum("tomcat_connections_current_connections"));
        out.put("connections_max", in.gaugeSum("tomcat_connections_config_max_connections"));
    }
}
