package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Predicts the limiting resource from the low steps: for each resource whose utilization grows in
 * proportion to throughput (U = X · D, the utilization law), D = U / X there, and U ≤ 1 bounds
 * X ≤ 1 / D. The smallest bound is the predicted limiter.
 */
public final class UtilizationLaw {

    /** How many of the lowest unsaturated steps to average over. */
    private static final int LOW_STEPS = 2;

    private final List<Demand> demands;
    private final Prediction prediction;

    public UtilizationLaw(List<StepVerdict> byLoad, Set<Resource> throughputBound) {
        List<StepVerdict> low = byLoad.stream()
                .filter(v -> v.firstSaturated() == null && v.traffic().achievedRps() > 0)
                .limit(LOW_STEPS).toList();
        List<Demand> out = new ArrayList<>();
        for (Resource r : throughputBound) {
            double sum = 0;
            int n = 0;
            for (StepVerdict v : low) {
                for (ResourceUse u : v.resources()) {
                    if (u.resource().equals(r) && u.utilization() > 0) {
                        sum += u.utilization() / v.traffic().achievedRps();
                        n++;
                    }
                }
            }
            if (n > 0) {
                double perRps = sum / n;
                out.add(new Demand(r, perRps, 1 / perRps));
            }
        }
        out.sort(Comparator.comparingDouble(Demand::boundRps));
        this.demands = List.copyOf(out);
        // The first resource a rule named: an unattributed limit has no bound to compare with.
        StepVerdict actual = byLoad.stream().filter(v -> v.firstSaturated() != null
                && !v.firstSaturated().resource().id().equals(Resource.UNATTRIBUTED)).findFirst().orElse(null);
        if (demands.isEmpty()) {
            this.prediction = null;
        } else {
            Demand limiter = demands.get(0);
            Resource actualResource = actual == null ? null : actual.firstSaturated().resource();
            this.prediction = new Prediction(limiter.resource(), limiter.boundRps(),
                    low.stream().map(v -> v.step().index()).toList(), actualResource,
                    actual == null ? null : actual.step().index(),
                    actual == null ? null : limiter.resource().equals(actualResource));
        }
    }

    public List<Demand> demands() {
        return demands;
    }

    /** Null when no throughput-bound resource was measured at the low steps. */
    public Prediction prediction() {
        return prediction;
    }
}
