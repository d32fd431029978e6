package dev.chokepoint.collector.steps;

import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.Series;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Steps detected from the request rate the server saw: {@code http_server_requests_seconds_count}
 * summed over every series and target, as a rate per scrape interval, cut into plateaus by
 * {@link PlateauDetector} (ramps and idle time excluded), each plateau split where the requests in
 * flight jump ({@link InFlightSplit}: steps at capacity complete the same rate). Works with any load tool, or with real
 * traffic. The steps carry no client statistics: latency and errors then come from the server's
 * request timers.
 */
public final class ServerRateSteps {

    public static final String REQUEST_COUNT = "http_server_requests_seconds_count";
    private static final String IN_FLIGHT = "chokepoint_http_server_active";

    private ServerRateSteps() {
    }

    public static List<Step> detect(RunData run, PlateauDetector detector) {
        List<Series> counts = run.named(REQUEST_COUNT);
        TreeSet<Long> allTimes = new TreeSet<>();
        Map<String, TreeSet<Long>> timesByTarget = new HashMap<>();
        for (Series series : counts) {
            TreeSet<Long> targetTimes = timesByTarget.computeIfAbsent(series.key().target(), t -> new TreeSet<>());
            for (long time : series.timesMillis()) {
                allTimes.add(time);
                targetTimes.add(time);
            }
        }
        if (allTimes.size() < 3) {
            return List.of();
        }
        long interval = medianGap(allTimes);
        long first = allTimes.first();
        double[] increase = new double[(int) ((allTimes.last() - first) / interval) + 1];
        for (Series series : counts) {
            addIncreases(series, timesByTarget.get(series.key().target()), first, interval, increase);
        }
        double[] rates = Arrays.copyOf(increase, increase.length - 1);
        for (int i = 0; i < rates.length; i++) {
            rates[i] = increase[i + 1] / (interval / 1000.0);
        }
        double[] inFlight = inFlight(run, first, interval, rates.length);
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
        return steps;
    }

    /**
     * Requests in flight (the agent's {@code chokepoint_http_server_active}, all targets) at the end
     * of each rate interval; NaN where unknown, all NaN without the agent.
     */
    private static double[] inFlight(RunData run, long first, long interval, int n) {
        double[] out = new double[n];
        Arrays.fill(out, Double.NaN);
        for (Series s : run.named(IN_FLIGHT)) {
            for (int i = 0; i < s.size(); i++) {
                int k = (int) Math.round((double) (s.timesMillis()[i] - first) / interval) - 1;
                if (k >= 0 && k < n && !Double.isNaN(s.values()[i])) {
                    out[k] = Double.isNaN(out[k]) ? s.values()[i] : out[k] + s.values()[i];
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
