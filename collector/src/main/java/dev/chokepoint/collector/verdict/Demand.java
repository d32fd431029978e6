package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;

/**
 * Utilization law for one resource, fitted over the unsaturated steps: U = U0 + D · X, with D the
 * utilization per request per second (service demand over capacity) and U0 the utilization no
 * request causes (a JVM's background CPU). The resource caps throughput at X ≤ (1 − U0) / D.
 * {@code basis}: what the demand was read from. {@code lowRps}–{@code highRps}: the range the bound
 * lies in when one step could not split the resource's use, or when the resource's own use and
 * what it shares (the host's CPU) gave two bounds (the bound is the lower; equal to it otherwise).
 * {@code caveat}: why the bound is not a prediction of this run's conditions (null when it is).
 */
public record Demand(Resource resource, double utilizationPerRps, double backgroundUtilization, double boundRps,
                     Basis basis, double lowRps, double highRps, String caveat) {

    /** A bound that is a prediction, with no range. */
    Demand(Resource resource, double utilizationPerRps, double backgroundUtilization, double boundRps, Basis basis) {
        this(resource, utilizationPerRps, backgroundUtilization, boundRps, basis, boundRps, boundRps, null);
    }

    /** The same bound, its range reaching up to {@code high} where that is above it. */
    Demand upTo(double high) {
        return high <= highRps ? this
                : new Demand(resource, utilizationPerRps, backgroundUtilization, boundRps, basis, lowRps, high, caveat);
    }

    /** The same bound, with why it is not a prediction (the first caveat found stays). */
    Demand caveat(String why) {
        return caveat != null || why == null ? this
                : new Demand(resource, utilizationPerRps, backgroundUtilization, boundRps, basis, lowRps, highRps, why);
    }

    public enum Basis {
        /** The resource's own utilization against throughput: a line, or through the origin where no line fits. */
        OWN,
        /**
         * What the resource shares with other processes (its {@code shared-utilization}, the host's CPU),
         * whose line gave the lower bound.
         */
        SHARED,
        /**
         * The utilization its requests' own work explains ({@code request-utilization}), where no line
         * could be fitted: through the origin, the whole utilization would count a cold JVM's compiling
         * as demand. The bound is an upper one (work done for the requests on other threads is left
         * out); {@code lowRps} is the whole utilization's.
         */
        REQUESTS
    }
}
