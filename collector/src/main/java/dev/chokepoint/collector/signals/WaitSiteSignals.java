package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.SeriesKey;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
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
 * <p>On virtual threads, whose parks JFR does not record, the agent's sampled waits
 * ({@code chokepoint_wait_sampled_seconds_total}, same tags) are read beside them.
 *
 * <p>This is what names a limit no specific probe knows (another library's pool, a bulkhead, any
 * synchronizer): the lock, executor, pool and downstream rules still name theirs, and explain
 * this one when they hold. Recordings from agents without the {@code frame} tag are grouped by
 * site alone.
 */
final class WaitSiteSignals implements SignalGroup {

    /** Sampled waits that hand out nothing: a request's own sleep, its socket I/O. */
    private static final Set<String> NOT_A_PLACE = Set.of("sleep", "socket");
    /**
     * The wait meters' seconds: JFR's parks and monitor waits, and the sampled waits of virtual
     * threads (whose parks JFR does not record) but for their sleeps and socket I/O, which no
     * platform thread's park counts either.
     */
    private static final Map<String, Predicate<SeriesKey>> WAITS = Map.of(
            LockSignals.PARK + "_sum", k -> true,
            LockSignals.MONITOR + "_sum", k -> true,
            LockSignals.SAMPLED, k -> !NOT_A_PLACE.contains(k.label("blocker")));

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
        // Looked up once a place, not at every point: each look-up walks the place's series.
        Map<Place, Optional<String>> blockers = new HashMap<>();
        String[] frame = new String[n];
        String[] caller = new String[n];
        String[] blocker = new String[n];
        double[] wait = PointWise.unknown(n);
        double[] base = PointWise.unknown(n);
        List<Place> tops = LockSignals.largestEach(waits, n);
        for (int i = 0; i < n; i++) {
            Place top = tops.get(i);
            if (top == null) {
                continue;
            }
            frame[i] = top.frame();
            caller[i] = top.frame().equals(top.site()) ? null : top.site();
            blocker[i] = blockers.computeIfAbsent(top, p -> Optional.ofNullable(blocker(in, p))).orElse(null);
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
        WAITS.forEach((name, counted) -> {
            List<Place> places = new ArrayList<>();
            in.series(name, counted).forEach(s -> places.add(Place.of(s.key())));
            for (Place place : places.stream().distinct().toList()) {
                out.merge(place, in.increase(name, counted.and(place.matches())), PointWise::sumOfKnown);
            }
        });
        return out;
    }

    /** The place's wait seconds over the baseline interval; 0 where it had no series yet (no wait recorded there). */
    private static double waitBetween(TargetSeries in, Place place, Baseline baseline) {
        double total = 0;
        for (Map.Entry<String, Predicate<SeriesKey>> wait : WAITS.entrySet()) {
            double w = in.increaseBetween(wait.getKey(), wait.getValue().and(place.matches()), baseline.fromMillis(),
                    baseline.toMillis());
            total += Double.isNaN(w) ? 0 : w;
        }
        return total;
    }

    /** What the place's threads waited on: a park's (or a sample's) blocker, else the monitor's class. */
    private static String blocker(TargetSeries in, Place place) {
        return java.util.stream.Stream.of(LockSignals.PARK + "_sum", LockSignals.SAMPLED, LockSignals.MONITOR + "_sum")
                .flatMap(name -> in.series(name, place.matches()).stream())
                .map(s -> s.key().label(s.key().name().startsWith(LockSignals.MONITOR) ? "lock" : "blocker"))
                .filter(Objects::nonNull).findFirst().orElse(null);
    }
}
