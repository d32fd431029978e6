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
        ranges.addAll(InFlightSplit.uncovered(inFlight, rates, ranges, minLength));
        ranges.sort(java.util.Comparator.comparingInt(r -> r[0]));
        List<Step> steps = new ArrayList<>();
        for (int[] r : ranges) {
            steps.add(new Step(steps.size() + 1, first + r[0] * interval, first + r[1] * interval,
                    PlateauDetector.mean(rates, r[0], r[1]), Step.Source.DETECTED, null));
        }
        return FallenPlateaus.carryOffers(steps, load);
    }
}
