package dev.chokepoint.collector.compare;

import dev.chokepoint.collector.report.model.ReportModel.StepModel;

import java.util.ArrayList;
import java.util.List;

/**
 * The steps two runs' per-request costs are compared at: the steps of the stairs (matched by offered
 * rate) that both runs served free, nothing saturated and keeping up. A cost taken over each run's own
 * free steps compared different stretches of the stairs when one run had fewer free steps, and a
 * service's per-request CPU is not flat along them (it falls as the JIT warms up and the rate rises:
 * 11-16 ms for the pool scenario's first requests, 3 ms by its last step). When the runs share no free
 * step, each run's lowest step (its costs then include queueing).
 */
record ComparedSteps(List<StepModel> base, List<StepModel> now) {

    /** Offered rates this close (relative) are the same step of the stairs. */
    private static final double SAME_RATE = 0.05;

    static ComparedSteps of(RunSummary base, RunSummary now) {
        List<StepModel> b = new ArrayList<>();
        List<StepModel> n = new ArrayList<>();
        for (StepModel s : base.free()) {
            now.free().stream().filter(x -> sameRate(s.offeredRps(), x.offeredRps()) && !n.contains(x)).findFirst().ifPresent(x -> {
                b.add(s);
                n.add(x);
            });
        }
        if (b.isEmpty()) {
            return new ComparedSteps(base.lowest(), now.lowest());
        }
        return new ComparedSteps(List.copyOf(b), List.copyOf(n));
    }

    static boolean sameRate(double a, double b) {
        return Math.abs(a - b) <= SAME_RATE * Math.max(a, b);
    }
}
