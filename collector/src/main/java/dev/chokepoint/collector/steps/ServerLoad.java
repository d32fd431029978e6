package dev.chokepoint.collector.steps;

import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.Series;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the servers saw of the load, per scrape interval: {@code rates[k]}, the requests completed
 * per second over {@code [first + k·interval, first + (k+1)·interval)} ({@code
 * http_server_requests_seconds_count} summed over every series and target), and {@code
 * inFlight[k]}, the requests the servers held at the end of that interval: those being handled
 * (the agent's {@code chokepoint_http_server_active}) and those accepted and waiting for a worker
 * ({@code chokepoint_tomcat_queue}), all targets; NaN where unknown, all NaN without the agent.
 * The queue counts because a closed-model load tool at a worker pool's capacity holds its extra
 * workers' requests there: the workers scenario under hey had 4 requests active at both its 120
 * and 200 RPS steps, and 20 then 36 queued.
 */
record ServerLoad(long first, long interval, double[] rates, double[] inFlight) {

    static final String REQUEST_COUNT = "http_server_requests_seconds_count";
    private static final String IN_FLIGHT = "chokepoint_http_server_active";
    private static final String WAITING_FOR_WORKER = "chokepoint_tomcat_queue";

    /** Null when the servers' request timer was scraped fewer than three times, or no target twice. */
    static ServerLoad of(RunData run) {
        List<Series> counts = run.named(REQUEST_COUNT);
        Map<String, TreeSet<Long>> timesByTarget = new HashMap<>();
        // A target's series mostly share one array of times: each array is added once (an hour of
        // 20 targets' routes was 800 000 boxed insertions of the same 72 000 times).
        Map<String, Set<long[]>> added = new HashMap<>();
        for (Series series : counts) {
            String target = series.key().target();
            TreeSet<Long> targetTimes = timesByTarget.computeIfAbsent(target, t -> new TreeSet<>());
            if (added.computeIfAbsent(target, t -> Collections.newSetFromMap(new IdentityHashMap<>())).add(series.timesMillis())) {
                for (long time : series.timesMillis()) {
                    targetTimes.add(time);
                }
            }
        }
        long scrapes = timesByTarget.values().stream().mapToLong(TreeSet::size).sum();
        long[] intervals = timesByTarget.values().stream().filter(t -> t.size() >= 2)
                .mapToLong(ServerLoad::medianGap).sorted().toArray();
        if (scrapes < 3 || intervals.length == 0) {
            return null;
        }
        // Each target's own scrape interval: a fleet's targets are scraped a few ms apart in a
        // round, so the gaps between all targets' times are those milliseconds, and a grid of
        // them sized an hour of 20 targets to 3.6 M points.
        long interval = intervals[intervals.length / 2];
        long first = timesByTarget.values().stream().mapToLong(TreeSet::first).min().orElseThrow();
        long last = timesByTarget.values().stream().mapToLong(TreeSet::last).max().orElseThrow();
        double[] increase = new double[(int) ((last - first) / interval) + 1];
        for (Series series : counts) {
            addIncreases(series, timesByTarget.get(series.key().target()), first, interval, increase);
        }
        double[] rates = Arrays.copyOf(increase, increase.length - 1);
        for (int i = 0; i < rates.length; i++) {
            rates[i] = increase[i + 1] / (interval / 1000.0);
        }
        double[] inFlight = gauge(run, IN_FLIGHT, first, interval, rates.length);
        double[] waiting = gauge(run, WAITING_FOR_WORKER, first, interval, rates.length);
        for (int k = 0; k < inFlight.length; k++) {
            // Without the active gauge the servers' hold is unknown, whatever the queue says.
            if (!Double.isNaN(waiting[k])) {
                inFlight[k] += waiting[k];
            }
        }
        return new ServerLoad(first, interval, rates, inFlight);
    }

    /** Start of interval {@code k}. */
    long time(int k) {
        return first + k * interval;
    }

    /**
     * Requests that arrived in interval {@code k}: those completed plus the growth of those in
     * flight (Little's bookkeeping); the completed alone where in flight is unknown. Falls below
     * zero by the gauge's noise while a queue drains.
     */
    double arrived(int k) {
        double done = rates[k] * interval / 1000.0;
        double grew = k > 0 ? inFlight[k] - inFlight[k - 1] : Double.NaN;
        return Double.isNaN(grew) ? done : done + grew;
    }

    /** A gauge summed over its series at the end of each interval (NaN where none was read). */
    private static double[] gauge(RunData run, String name, long first, long interval, int n) {
        double[] out = new double[n];
        Arrays.fill(out, Double.NaN);
        for (Series s : run.named(name)) {
            double[] values = s.values();
            for (int i = 0; i < s.size(); i++) {
                int k = (int) Math.round((double) (s.timesMillis()[i] - first) / interval) - 1;
                if (k >= 0 && k < n && !Double.isNaN(values[i])) {
                    out[k] = Double.isNaN(out[k]) ? values[i] : out[k] + values[i];
                }
            }
        }
        return out;
    }

    /**
     * {@code increase[k]} gets what the counter grew in the interval ending at grid point k. A
     * drop is a restart (the new value is the increase) without asking the run's RESTART events:
     * the request timer's count only ever goes down when it counts again from zero (a new
     * process, or the meter created anew), where the new value is the increase. The counter that
     * went down in a live process (the agent's core wait) is not read here; the signals, which
     * read every counter, fold only recorded restarts. A series first seen after its target's
     * first scrape was created since the previous scrape, so its whole value is new requests. A
     * gap (failed scrapes) spreads the increase evenly over the grid points it spans.
     */
    private static void addIncreases(Series series, TreeSet<Long> targetTimes, long first, long interval,
                                     double[] increase) {
        long[] times = series.timesMillis();
        double[] values = series.values();
        Long before = targetTimes.lower(times[0]);
        if (before != null) {
            spread(before, times[0], values[0], first, interval, increase);
        }
        for (int i = 1; i < times.length; i++) {
            double delta = values[i] >= values[i - 1] ? values[i] - values[i - 1] : values[i];
            spread(times[i - 1], times[i], delta, first, interval, increase);
        }
    }

    private static void spread(long from, long to, double amount, long first, long interval, double[] increase) {
        int a = (int) Math.round((double) (from - first) / interval);
        int b = (int) Math.round((double) (to - first) / interval);
        if (b <= a || Double.isNaN(amount)) {
            return;
        }
        for (int k = a + 1; k <= b && k < increase.length; k++) {
            increase[k] += amount / (b - a);
        }
    }

    private static long medianGap(TreeSet<Long> times) {
        long[] gaps = new long[times.size() - 1];
        Long previous = null;
        int i = 0;
        for (long time : times) {
            if (previous != null) {
                gaps[i++] = time - previous;
            }
            previous = time;
        }
        Arrays.sort(gaps);
        return Math.max(1, gaps[gaps.length / 2]);
    }
}
