package dev.chokepoint.collector.steps;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A detected step is offered what its servers completed, which is right while the load only goes
 * up. A plateau below {@link UncoveredLoad#FELL} of the step before it, with as many requests
 * still in flight ({@link UncoveredLoad#HELD} of the step before's, the load tool's workers
 * waiting), is the service collapsing under the load, not the load falling: offered what the step
 * before was, it is judged as the collapse it is, instead of reading as the lowest step of the run
 * (the reference every other step's latency is measured against). Real traffic that falls holds
 * fewer requests in flight; without the agent's in-flight gauge the two cannot be told apart, and
 * the plateau keeps its own rate.
 */
final class FallenPlateaus {

    private FallenPlateaus() {
    }

    /** {@code steps} detected on {@code load}, in time order. */
    static List<Step> carryOffers(List<Step> steps, ServerLoad load) {
        List<Step> out = new ArrayList<>();
        for (Step step : steps) {
            Step before = out.isEmpty() ? null : out.get(out.size() - 1);
            if (before != null && step.offeredRps() < UncoveredLoad.FELL * before.offeredRps()
                    && held(load, step, before)) {
                step = step.offering(before.offeredRps());
            }
            out.add(step);
        }
        return out;
    }

    /**
     * As many requests in flight as the step before held, or none read at all in the plateau while
     * the agent's gauge was read before it: a service too stalled to answer its scrapes (a heap
     * thrashing after it filled: heap-collapse-ci's 3.2 RPS plateau after 42.6 had no scrape
     * answered in time) is collapsing, not seeing less traffic, which leaves the metrics endpoint
     * answering.
     */
    private static boolean held(ServerLoad load, Step step, Step before) {
        double now = medianInFlight(load, step);
        double then = medianInFlight(load, before);
        if (Double.isNaN(now)) {
            return !Double.isNaN(then);
        }
        return now >= 1 && now >= UncoveredLoad.HELD * then;
    }

    /** Median of the known in-flight readings within the step (NaN when none). */
    private static double medianInFlight(ServerLoad load, Step step) {
        int from = (int) Math.max(0, (step.startMillis() - load.first()) / load.interval());
        int to = (int) Math.min(load.inFlight().length, (step.endMillis() - load.first()) / load.interval());
        double[] known = Arrays.stream(load.inFlight(), Math.min(from, to), to).filter(v -> !Double.isNaN(v)).sorted()
                .toArray();
        return known.length == 0 ? Double.NaN : known[known.length / 2];
    }
}
