package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;

/**
 * Utilization law for one resource, fitted over the unsaturated steps: U = U0 + D · X, with D the
 * utilization per request per second (service demand over capacity) and U0 the utilization no
 * request causes (a JVM's background CPU). The resource caps throughput at X ≤ (1 − U0) / D.
 * {@code basis}: what the demand was read from.
 */
public record Demand(Resource resource, double utilizationPerRps, double backgroundUtilization, double boundRps,
                     Basis basis) {

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
         * as demand.
         */
        REQUESTS
    }
}
