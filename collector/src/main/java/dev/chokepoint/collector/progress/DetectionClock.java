package dev.chokepoint.collector.progress;

import dev.chokepoint.collector.steps.PlateauDetector;

import java.util.ArrayList;
import java.util.List;

/**
 * Steps detected live from the request rate, with the same detector the analysis uses. A plateau
 * counts as ended once the rate has been elsewhere for a while after it (the last one may still be
 * going on). Each round looks only at the rounds after the last ended step (at most two hours), so
 * the cost per round stays bounded however long the recording.
 */
final class DetectionClock implements StepClock {

    private static final long SETTLED_MILLIS = 5_000;
    private static final long LOOK_BACK_MILLIS = 2 * 3_600_000L;

    private final PlateauDetector detector = PlateauDetector.defaults();
    private final List<Window> ended = new ArrayList<>();
    private long since = Long.MIN_VALUE;

    @Override
    public List<Window> ended(long now, List<TickTotals> history) {
        long from = Math.max(since, now - LOOK_BACK_MILLIS);
        List<TickTotals> recent = history.stream().filter(t -> t.timeMillis() >= from).toList();
        if (recent.size() < 3) {
            return ended;
        }
        long first = recent.get(0).timeMillis();
        long interval = Math.max(1, (recent.get(recent.size() - 1).timeMillis() - first) / (recent.size() - 1));
        double[] rates = new double[recent.size() - 1];
        for (int i = 1; i < recent.size(); i++) {
            TickTotals a = recent.get(i - 1);
            TickTotals b = recent.get(i);
            rates[i - 1] = (b.requests() - a.requests()) * 1000.0 / Math.max(1, b.timeMillis() - a.timeMillis());
        }
        for (PlateauDetector.Plateau plateau : detector.detect(first, interval, rates)) {
            if (plateau.endMillis() + SETTLED_MILLIS <= now) {
                ended.add(new Window(ended.size() + 1, plateau.startMillis(), plateau.endMillis()));
                since = plateau.endMillis();
            }
        }
        return ended;
    }
}
