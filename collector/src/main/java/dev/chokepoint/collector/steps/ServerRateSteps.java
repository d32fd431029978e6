package dev.chokepoint.collector.steps;

import dev.chokepoint.collector.store.RunData;

import java.util.ArrayList;
import java.util.List;

/**
 * Steps detected from the request rate the server saw ({@link ServerLoad}: {@code
 * http_server_requests_seconds_count} summed over every series and target, as a rate per scrape
 * interval), cut into plateaus by
 * {@link PlateauDetector} (ramps and idle time excluded), each plateau split where the requests in
 * flight jump ({@link InFlightSplit}: steps at capacity complete the same rate); a plateau that fell
 * while the requests stayed in flight keeps the offer before it ({@link FallenPlateaus}). Works
 * with any load tool, or with real traffic. The steps carry no client statistics: latency and errors then come from the server's
 * request timers.
 */
public final class ServerRateSteps {

    public static final String REQUEST_COUNT = ServerLoad.REQUEST_COUNT;

    private ServerRateSteps() {
    }

    public static List<Step> detect(RunData run, PlateauDetector detector) {
        ServerLoad load = ServerLoad.of(run);
        if (load == null) {
            return List.of();
        }
        long first = load.first();
        long interval = load.interval();
        double[] rates = load.rates();
        double[] inFlight = load.inFlight();
        int minLength = detector.minPlateauPoints(interval);
        List<int[]> ranges = new ArrayList<>();
        for (PlateauDetector.Plateau plateau : detector.detect(first, interval, rates)) {
            int from = (int) ((plateau.startMillis() - first) / interval);
            int to = (int) ((plateau.endMillis() - first) / interval);
            ranges.addAll(InFlightSplit.split(inFlight, from, to, minLength));
        }
        List<InFlightSplit.Join> joins = new ArrayList<>();
        ranges.addAll(InFlightSplit.uncovered(inFlight, rates, ranges, minLength, joins));
        ranges.sort(java.util.Comparator.comparingInt(r -> r[0]));
        List<Step> steps = new ArrayList<>();
        for (int[] r : ranges) {
            steps.add(new Step(steps.size() + 1, first + r[0] * interval, first + r[1] * interval,
                    PlateauDetector.mean(rates, r[0], r[1]), Step.Source.DETECTED, null, null,
                    joinedNotes(load, r, joins)));
        }
        return FallenPlateaus.carryOffers(steps, load);
    }

    /**
     * The stretches joined to range {@code r} that could have been steps of their own: both the
     * stretch and what the range held before it at least {@link StepNote#MIN_MILLIS}. A stretch
     * joined to a shorter range is the step, the range only its edge (plain-tomcat-lock's 80 RPS
     * step: 26 s at 16 in flight, joined to the 6 s of rate plateau at its end).
     */
    private static List<StepNote> joinedNotes(ServerLoad load, int[] r, List<InFlightSplit.Join> joins) {
        List<StepNote> out = new ArrayList<>();
        long interval = load.interval();
        for (InFlightSplit.Join j : joins) {
            if (j.owner() != r || (j.to() - j.from()) * interval < StepNote.MIN_MILLIS
                    || (j.ownTo() - j.ownFrom()) * interval < StepNote.MIN_MILLIS) {
                continue;
            }
            double[] levels = j.levels(load.inFlight());
            out.add(new StepNote(StepNote.Kind.JOINED, load.time(j.from()), load.time(j.to()),
                    PlateauDetector.mean(load.rates(), j.from(), j.to()), levels[1], levels[0], Double.NaN, Double.NaN, 0));
        }
        return out;
    }
}
