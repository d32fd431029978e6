package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.SeriesKey;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Time threads spend waiting for locks, from the agent's JFR wait meters: blocked entering a
 * {@code synchronized} monitor ({@code chokepoint_wait_monitor_seconds}) and parked on a
 * java.util.concurrent lock ({@code chokepoint_wait_park_seconds} whose blocker is a lock, not a
 * future or a queue). Per request, as a share of the request's wall time, as threads waiting on
 * average, and which lock and which code site took most of it. On virtual threads, whose parks
 * and monitor waits JFR does not record, the agent samples them instead
 * ({@code chokepoint_wait_sampled_seconds_total}, blocker {@code monitor} for a monitor): read
 * beside the JFR meters, in the same seconds.
 */
final class LockSignals implements SignalGroup {

    static final String MONITOR = "chokepoint_wait_monitor_seconds";
    static final String PARK = "chokepoint_wait_park_seconds";
    static final String SAMPLED = "chokepoint_wait_sampled_seconds_total";
    /** Park blockers that are locks (a future, a queue or a latch is another kind of wait). */
    private static final Set<String> LOCK_BLOCKERS = Set.of("java.util.concurrent.locks.ReentrantLock",
            "java.util.concurrent.locks.ReentrantReadWriteLock", "java.util.concurrent.locks.StampedLock",
            "java.util.concurrent.Semaphore");
    private static final Predicate<SeriesKey> PARKED_ON_LOCK = k -> LOCK_BLOCKERS.contains(k.label("blocker"));
    /** The sampler's blocker for a virtual thread blocked entering a monitor. */
    private static final String SAMPLED_MONITOR = "monitor";
    private static final Predicate<SeriesKey> SAMPLED_ON_LOCK = PARKED_ON_LOCK.or(k -> SAMPLED_MONITOR.equals(k.label("blocker")));

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.number("lock_wait_per_request", Unit.SECONDS, "time waiting for locks (monitors and j.u.c locks, waits of at least the agent's threshold) per request completed"),
                Signal.number("lock_wait_share", Unit.RATIO, "lock wait per request / mean wall time per request"),
                Signal.number("lock_waiting", Unit.COUNT, "threads waiting for a lock on average (wait-seconds per second)"),
                Signal.text("top_lock", "the lock (monitor class, or the j.u.c lock type) with most wait time"),
                Signal.number("top_lock_share", Unit.RATIO, "its share of all lock wait time"),
                Signal.text("top_lock_site", "the code site (first application frame) with most lock wait time"));
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        double[] monitor = in.increase(MONITOR + "_sum");
        double[] park = PointWise.sumOfKnown(in.increase(PARK + "_sum", PARKED_ON_LOCK), in.increase(SAMPLED, SAMPLED_ON_LOCK));
        double[] wait = PointWise.firstKnown(PointWise.sumOfKnown(monitor, park), monitor);
        double[] requests = in.increase(TrafficSignals.REQUESTS + "_count");
        double[] wall = PointWise.ratio(in.increase(TrafficSignals.REQUESTS + "_sum"), requests);
        double[] perRequest = PointWise.ratio(wait, requests);
        out.put("lock_wait_per_request", perRequest);
        // A share: at most the whole. JFR reports a wait when it ends, so a window where long waits
        // ended (start-up: workers blocked while a cold JIT and the pool fill) can divide more wait
        // than wall time by its requests; fast-service's cold first step read 2.21.
        out.put("lock_wait_share", PointWise.atMost(PointWise.ratio(perRequest, wall), 1));
        out.put("lock_waiting", PointWise.scale(wait, 1 / in.grid().windowSeconds()));
        Map<String, double[]> byLock = new LinkedHashMap<>(in.increaseBy(MONITOR + "_sum", "lock"));
        addParkedBy(in, "blocker", byLock);
        Map<String, double[]> bySite = new LinkedHashMap<>(in.increaseBy(MONITOR + "_sum", "site"));
        addParkedBy(in, "site", bySite);
        List<String> topLock = largestEach(byLock, wait.length);
        double[] share = new double[wait.length];
        for (int i = 0; i < wait.length; i++) {
            String lock = topLock.get(i);
            share[i] = lock == null || !(wait[i] > 0) ? Double.NaN : byLock.get(lock)[i] / wait[i];
        }
        out.putText("top_lock", topLock.toArray(String[]::new));
        out.put("top_lock_share", share);
        out.putText("top_lock_site", largestEach(bySite, wait.length).toArray(String[]::new));
    }

    /** Lock waits parked (JFR) or sampled (virtual threads), by {@code label}, added into {@code by}. */
    private static void addParkedBy(TargetSeries in, String label, Map<String, double[]> by) {
        addBy(in, PARK + "_sum", PARKED_ON_LOCK, label, by);
        addBy(in, SAMPLED, SAMPLED_ON_LOCK, label, by);
    }

    private static void addBy(TargetSeries in, String name, Predicate<SeriesKey> onLock, String label,
                              Map<String, double[]> by) {
        for (String value : labels(in, name, label, onLock)) {
            by.merge(value, in.increase(name, onLock.and(k -> value.equals(String.valueOf(k.label(label))))),
                    PointWise::sumOfKnown);
        }
    }

    private static Set<String> labels(TargetSeries in, String name, String label, Predicate<SeriesKey> filter) {
        Set<String> out = new LinkedHashSet<>();
        in.series(name, filter).forEach(s -> out.add(String.valueOf(s.key().label(label))));
        return out;
    }

    /**
     * Per window of {@code n}, the key (a label, a place) with the largest positive value there (null
     * where none is positive; the first of equals). The map's entries are taken out once: walking
     * them at every window of an hour was a tenth of the lock signals' time.
     */
    static <K> List<K> largestEach(Map<K, double[]> by, int n) {
        List<K> keys = new ArrayList<>(by.keySet());
        double[][] values = by.values().toArray(double[][]::new);
        List<K> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int best = -1;
            double most = 0;
            for (int k = 0; k < values.length; k++) {
                if (values[k][i] > most) {
                    most = values[k][i];
                    best = k;
                }
            }
            out.add(best < 0 ? null : keys.get(best));
        }
        return out;
    }
}
