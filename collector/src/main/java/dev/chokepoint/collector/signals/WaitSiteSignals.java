package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.SeriesKey;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Where threads wait, whatever they wait on: the agent's park and monitor wait meters
 * ({@code chokepoint_wait_park_seconds}, {@code chokepoint_wait_monitor_seconds}) grouped by their
 * place — the frame where the wait blocks outside the JDK (tag {@code frame}: a client library's
 * pool lease, a semaphore's owner, an appender) and the application frame that called it (tag
 * {@code site}). In each window the place with most wait time is picked; its wait per request is
 * compared with its own at the lowest step, so a request that always waits there (a future on a
 * remote call) is not mistaken for one that started to queue.
 *
 * <p>This is what names a limit no specific probe knows (another library's pool, a bulkhead, any
 * synchronizer): the lock, executor, pool and downstream rules still name theirs, and explain
 * this one when they hold. Recordings from agents without the {@code frame} tag are grouped by
 * site alone.
 */
final class WaitSiteSignals implements SignalGroup {

    private static final String[] WAITS = {LockSignals.PARK, LockSignals.MONITOR};

    /** One place: where it blocks and who called it ({@code frame} is the site where the agent had no frame tag). */
    private record Place(String frame, String site) {

        static Place of(SeriesKey key) {
            String site = String.valueOf(key.label("site"));
            String frame = key.label("frame");
            return new Place(frame == null ? site : frame, site);
        }

        Predicate<SeriesKey> matches() {
            return k -> equals(of(k));
        }
    }

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.text("wait_site_frame", "the frame where threads waited most (outside the JDK: a pool's lease, a semaphore's owner)"),
                Signal.text("wait_site_caller", "the application frame that called it (absent where it is the frame itself)"),
                Signal.text("wait_site_blocker", "what it parked on (the lock, future or condition) or the monitor's class"),
                Signal.number("wait_site_per_request", Unit.SECONDS, "time waiting at that place per request completed"),
                Signal.number("wait_site_baseline", Unit.SECONDS, "the same place's wait per request at the lowest step (0 where it had none)"),
                Signal.number("wait_site_growth", Unit.SECONDS, "wait_site_per_request − wait_site_baseline"),
                Signal.number("wait_site_share", Unit.RATIO, "wait_site_per_request / mean wall time per request"),
                Signal.number("wait_site_waiting", Unit.COUNT, "threads waiting at that place on average (wait-seconds per second)"));
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        int n = in.grid().size();
        Map<Place, double[]> waits = waitsByPlace(in);
        double[] requests = in.increase(TrafficSignals.REQUESTS + "_count");
        double[] wall = PointWise.ratio(in.increase(TrafficSignals.REQUESTS + "_sum"), requests);
        double baseRequests = in.increaseBetween(TrafficSignals.REQUESTS + "_count", k -> true,
                baseline.fromMillis(), baseline.toMillis());
        boolean baseRecorded = in.recordedWaitsThroughout(baseline.fromMillis(), baseline.toMillis());
        Map<Place, Double> basePerRequest = new LinkedHashMap<>();
        String[] frame = new String[n];
        String[] caller = new String[n];
        String[] blocker = new String[n];
        double[] wait = PointWise.unknown(n);
        double[] base = PointWise.unknown(n);
        for (int i = 0; i < n; i++) {
            Place top = LockSignals.largest(waits, i);
            if (top == null) {
                continue;
            }
            frame[i] = top.frame();
            caller[i] = top.frame().equals(top.site()) ? null : top.site();
            blocker[i] = blocker(in, top);
            wait[i] = waits.get(top)[i];
            base[i] = basePerRequest.computeIfAbsent(top, p -> baseRecorded && baseRequests > 0
                    ? waitBetween(in, p, baseline) / baseRequests : Double.NaN);
        }
        double[] perRequest = PointWise.ratio(wait, requests);
        out.putText("wait_site_frame", frame);
        out.putText("wait_site_caller", caller);
        out.putText("wait_site_blocker", blocker);
        out.put("wait_site_per_request", perRequest);
        out.put("wait_site_baseline", base);
        out.put("wait_site_growth", PointWise.minus(perRequest, base));
        // A share: at most the whole (JFR reports a wait when it ends, as LockSignals says).
        out.put("wait_site_share", PointWise.atMost(PointWise.ratio(perRequest, wall), 1));
        out.put("wait_site_waiting", PointWise.scale(wait, 1 / in.grid().windowSeconds()));
    }

    /** Wait seconds per window, park and monitor waits together, by place. */
    private static Map<Place, double[]> waitsByPlace(TargetSeries in) {
        Map<Place, double[]> out = new LinkedHashMap<>();
        for (String meter : WAITS) {
            List<Place> places = new ArrayList<>();
            in.series(meter + "_sum", k -> true).forEach(s -> places.add(Place.of(s.key())));
            for (Place place : places.stream().distinct().toList()) {
                double[] w = in.increase(meter + "_sum", place.matches());
                out.merge(place, w, (a, b) -> PointWise.plus(PointWise.orZeroWhereKnown(a, b), PointWise.orZeroWhereKnown(b, a)));
            }
        }
        return out;
    }

    /** The place's wait seconds over the baseline interval; 0 where it had no series yet (no wait recorded there). */
    private static double waitBetween(TargetSeries in, Place place, Baseline baseline) {
        double total = 0;
        for (String meter : WAITS) {
            double w = in.increaseBetween(meter + "_sum", place.matches(), baseline.fromMillis(), baseline.toMillis());
            total += Double.isNaN(w) ? 0 : w;
        }
        return total;
    }

    /** What the place's threads waited on most: a park's blocker, else the monitor's class. */
    private static String blocker(TargetSeries in, Place place) {
        return in.series(LockSignals.PARK + "_sum", place.matches()).stream()
                .map(s -> s.key().label("blocker")).filter(Objects::nonNull).findFirst()
                .orElseGet(() -> in.series(LockSignals.MONITOR + "_sum", place.matches()).stream()
                        .map(s -> s.key().label("lock")).filter(Objects::nonNull).findFirst().orElse(null));
    }
}
