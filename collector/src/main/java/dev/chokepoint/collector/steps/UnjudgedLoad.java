package dev.chokepoint.collector.steps;

import dev.chokepoint.collector.store.RunData;

import java.util.ArrayList;
import java.util.List;

/**
 * The load that steps detected from the server's rate leave out, said instead of dropped in
 * silence: every stretch of at least {@link StepNote#MIN_MILLIS} where requests completed or were
 * held and no step covers it (the detection read it as a ramp or a transition, or its rate held no
 * level long enough). Under a closed-model load tool a whole offered step can go so:
 * heap-collapse-ci's 5 RPS step, its rate sagging to 2.5 as scrapes went missing, was dropped as
 * a ramp. Steps from a load tool's file or a schedule are the tool's own: the seconds between them
 * are its changes of offer, and {@link UncoveredLoad} judges any load it left uncovered.
 * <p>
 * An open-model overload grows steadily inside one offered step, and a closed model's next step
 * jumps at its edge; with 1 s samples on a loaded host the two are not told apart robustly here,
 * so every such stretch is noted, whatever its shape.
 */
public final class UnjudgedLoad {

    /** Intervals without load (a missed scrape, a burst's lull) that do not end a stretch of load. */
    private static final int MAX_HOLE = 2;

    private UnjudgedLoad() {
    }

    /** {@code steps}: the run's steps after {@link UncoveredLoad}, in time order; no note unless some were detected. */
    public static List<StepNote> of(RunData run, List<Step> steps) {
        if (steps.stream().noneMatch(s -> s.source() == Step.Source.DETECTED)) {
            return List.of();
        }
        ServerLoad load = ServerLoad.of(run);
        if (load == null) {
            return List.of();
        }
        double[] rates = load.rates();
        double[] inFlight = load.inFlight();
        List<StepNote> out = new ArrayList<>();
        int start = -1;
        int last = -1;
        int holes = 0;
        for (int k = 0; k <= rates.length; k++) {
            long middle = load.time(k) + load.interval() / 2;
            boolean free = k < rates.length && steps.stream().noneMatch(s -> middle >= s.startMillis() && middle < s.endMillis());
            if (free && (rates[k] > 0 || inFlight[k] >= 1)) {
                start = start < 0 ? k : start;
                last = k;
                holes = 0;
            } else if (free) {
                holes++;
            }
            if (start >= 0 && (!free || holes > MAX_HOLE)) {
                if ((last + 1 - start) * load.interval() >= StepNote.MIN_MILLIS) {
                    out.add(note(load, start, last + 1));
                }
                start = -1;
            }
        }
        return out;
    }

    /** The stretch {@code [from, to)}: a ramp when the detector's own test finds a trend in its smoothed rate. */
    private static StepNote note(ServerLoad load, int from, int to) {
        double[] rates = load.rates();
        double[] smooth = PlateauDetector.runningMedian(rates);
        int third = Math.max(1, (to - from) / 3);
        boolean ramp = PlateauDetector.isRamp(smooth, from, to, load.interval() / 1000.0);
        return new StepNote(ramp ? StepNote.Kind.RAMP : StepNote.Kind.UNSTEADY, load.time(from), load.time(to),
                PlateauDetector.mean(rates, from, to), InFlightSplit.median(load.inFlight(), from, to), Double.NaN,
                ramp ? PlateauDetector.mean(rates, from, from + third) : Double.NaN,
                ramp ? PlateauDetector.mean(rates, to - third, to) : Double.NaN, 0);
    }
}
