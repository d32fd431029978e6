package dev.chokepoint.collector.signals;

import java.util.List;

/**
 * What one step's requests cost, per route and per statement, all targets together: the numbers a
 * team compares between two rounds of tuning. Means are per completed request (per call for a
 * statement) over the whole step; NaN where the agent did not measure a part. {@code backgroundHostCpu}:
 * the share of the host's CPU that other processes used during the step (NaN when not measured),
 * what wall and JDBC times per request are only comparable under.
 */
public record StepCosts(int step, List<RouteCost> routes, List<StatementCost> statements, double backgroundHostCpu,
                        ThreadWaits waits, List<HostPart> hostParts) {

    /**
     * One part of the run's host (the service, a dependency on the host, the load generator, the
     * collector, an exporter, or "others"): its processes' CPU over the step as a share of the
     * host's cores; {@code process}: the command of its main process ("" where not one).
     */
    public record HostPart(String name, String process, double share) {
    }

    /** One route template: requests per second and the mean split of a request's time. */
    public record RouteCost(String route, double rps, double wallMean, double cpuMean, double poolWaitMean,
                            double jdbcMean, double remoteMean) {
    }

    /**
     * What the threads that serve requests waited for, per request of any route (the agent counts
     * these per process, not per route): a core (Linux schedstat), a monitor, a park, a socket of
     * a client without a probe (JFR waits of 1 ms or more). NaN where not measured over the whole
     * step (no agent meter, or JFR not recording throughout).
     */
    public record ThreadWaits(double coreWaitMean, double lockMean, double parkMean, double socketMean) {
    }

    /** One statement fingerprint: calls per second, mean latency, and its share of all statement time. */
    public record StatementCost(String query, double callsPerSecond, double mean, double share) {
    }
}
