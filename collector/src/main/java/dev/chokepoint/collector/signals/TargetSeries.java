package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * One target's recorded series, read on the grid: gauges summed over label sets, counter increases
 * per window summed over label sets (or grouped by one label). Sums skip series that have no value
 * at a point; a point where no series has a value is NaN (the signal is unknown there, not zero).
 */
public final class TargetSeries {

    private final String target;
    private final Grid grid;
    private final Map<String, List<Series>> byName = new LinkedHashMap<>();
    private final long firstScrapeMillis;
    /** When the target restarted (its process changed), ascending: where a counter's drop is a restart. */
    private final long[] restarts;
    private long[] scrapeTimes;
    /** The counters read between two instants, by series: the steps read them again at the same points. */
    private final Map<Series, CounterPoints> counters = new IdentityHashMap<>();
    /** Where each counter is put on the grid in turn before its window increases are taken. */
    private double[] counterScratch;
    private final Map<Series, double[]> windows = new IdentityHashMap<>();
    /**
     * Grid points the steps are read at ({@link #increaseBetween}, from the instants given): each
     * counter's value there is kept when the counter is put on the grid for its window increases,
     * so the steps do not walk its samples a second time (half the counters' reading at 20 × 1 000).
     */
    private final int[] stepPoints;

    public TargetSeries(RunData run, String target, Grid grid) {
        this(run, target, grid, new long[0]);
    }

    /** {@code stepInstants}: where the steps will be read, when known (only a saving: any instant may be asked). */
    public TargetSeries(RunData run, String target, Grid grid, long[] stepInstants) {
        this.target = target;
        this.grid = grid;
        this.stepPoints = Arrays.stream(stepInstants).mapToInt(t -> Math.max(0, grid.indexAtOrBefore(t)))
                .filter(i -> i < grid.size()).distinct().toArray();
        this.restarts = run.events().stream()
                .filter(e -> e.target().equals(target) && e.kind() == ScrapeEvent.Kind.RESTART)
                .mapToLong(ScrapeEvent::timeMillis).sorted().toArray();
        long first = Long.MAX_VALUE;
        for (Series s : run.series()) {
            if (!s.key().target().equals(target)) {
                continue;
            }
            byName.computeIfAbsent(s.key().name(), n -> new ArrayList<>()).add(s);
            if (s.size() > 0) {
                first = Math.min(first, s.timesMillis()[0]);
            }
        }
        this.firstScrapeMillis = first;
    }

    public String target() {
        return target;
    }

    public Grid grid() {
        return grid;
    }

    public List<Series> series(String name, Predicate<SeriesKey> filter) {
        return byName.getOrDefault(name, List.of()).stream().filter(s -> filter.test(s.key())).toList();
    }

    public double[] gaugeSum(String name) {
        return gaugeSum(name, k -> true);
    }

    public double[] gaugeSum(String name, Predicate<SeriesKey> filter) {
        double[] out = nan();
        for (Series s : series(name, filter)) {
            addInto(out, SeriesSampler.gauge(s, grid));
        }
        return out;
    }

    /**
     * Scrapes of this target that each trailing window's values rest on: the distinct times at
     * which any of its series got a sample inside it, and, at an end of the window that lies in a
     * gap longer than a window which a later scrape closes, the scrape on the far side of it (the
     * counters there are spread over the gap from both of its scrapes, {@link SeriesSampler#counter}).
     * A window with few of them holds stale values, so the rules can ask for enough of them; one
     * inside a long gap rests on the gap's two scrapes, its rates on their mean over the gap.
     */
    public double[] samplesInWindow() {
        long[] times = scrapeTimes();
        double[] out = new double[grid.size()];
        int first = 0;
        int last = 0;
        for (int i = 0; i < out.length; i++) {
            long end = grid.time(i);
            while (last < times.length && times[last] <= end) {
                last++;
            }
            while (first < last && times[first] <= end - grid.windowMillis()) {
                first++;
            }
            out[i] = last - first + (inLongGap(times, last) ? 1 : 0) + (inLongGap(times, first) ? 1 : 0);
        }
        return out;
    }

    /** Whether the instant just before scrape {@code next} lies in a gap longer than a window that scrape closes. */
    private boolean inLongGap(long[] times, int next) {
        return next > 0 && next < times.length && times[next] - times[next - 1] > grid.windowMillis();
    }

    /**
     * The longest time between two scrapes of this target that answered, over {@code [from, to]}
     * (the interval's ends count as bounds where no scrape lies beyond them). Past a window, the
     * counters are spread evenly over the gap ({@link SeriesSampler#counter}): its total is known,
     * when it happened inside the gap is not.
     */
    public long longestScrapeGapMillis(long fromMillis, long toMillis) {
        long[] times = scrapeTimes();
        long previous = fromMillis;
        long longest = 0;
        for (long t : times) {
            if (t <= fromMillis) {
                previous = t;
                continue;
            }
            longest = Math.max(longest, Math.min(t, toMillis) - previous);
            if (t >= toMillis) {
                return longest;
            }
            previous = t;
        }
        return Math.max(longest, toMillis - previous);
    }

    /**
     * The distinct times at which any of this target's series got a sample: its answered scrapes.
     * Sorted once: every step asks for its gaps, and the frames for their windows.
     */
    private long[] scrapeTimes() {
        if (scrapeTimes == null) {
            // Most series share their target's time array: each array once gives the same times
            // without sorting a thousand copies of them.
            Set<long[]> arrays = Collections.newSetFromMap(new IdentityHashMap<>());
            byName.values().forEach(list -> list.forEach(s -> arrays.add(s.timesMillis())));
            scrapeTimes = arrays.stream().flatMapToLong(Arrays::stream).sorted().distinct().toArray();
        }
        return scrapeTimes;
    }

    /** Increase of a counter over each trailing window, summed over matching label sets. */
    public double[] increase(String name) {
        return increase(name, k -> true);
    }

    public double[] increase(String name, Predicate<SeriesKey> filter) {
        double[] out = nan();
        for (Series s : series(name, filter)) {
            addInto(out, windowIncrease(s));
        }
        return out;
    }

    /** Window increases grouped by the value of one label (e.g. per query, per host). */
    public Map<String, double[]> increaseBy(String name, String label) {
        return increaseBy(name, label, k -> true);
    }

    /** Window increases of the matching label sets, grouped by the value of one label. */
    public Map<String, double[]> increaseBy(String name, String label, Predicate<SeriesKey> filter) {
        Map<String, double[]> out = new LinkedHashMap<>();
        for (Series s : series(name, filter)) {
            String value = String.valueOf(s.key().label(label));
            addInto(out.computeIfAbsent(value, v -> nan()), windowIncrease(s));
        }
        return out;
    }

    /** Increase of a counter between two instants (for whole steps), summed over label sets. */
    public double increaseBetween(String name, Predicate<SeriesKey> filter, long fromMillis, long toMillis) {
        double total = Double.NaN;
        for (Series s : series(name, filter)) {
            double d = increaseBetween(s, fromMillis, toMillis);
            if (!Double.isNaN(d)) {
                total = Double.isNaN(total) ? d : total + d;
            }
        }
        return total;
    }

    private double increaseBetween(Series s, long fromMillis, long toMillis) {
        int from = grid.indexAtOrBefore(fromMillis);
        int to = grid.indexAtOrBefore(toMillis);
        if (to < 0) {
            return Double.NaN;
        }
        CounterPoints c = counterPoints(s);
        if (from < 0 && bornDuringRun(s)) {
            return c.at(to);
        }
        // The first step usually starts with the recording, before the first scrape: the counter's
        // value at its start is unknown, so count from the first point seen inside the interval.
        // Means (sum / count) stay exact; a total misses at most the first scrape interval.
        int first = Math.max(from, 0);
        double start = c.at(first);
        while (first < to && Double.isNaN(start)) {
            start = c.at(++first);
        }
        return c.at(to) - start;
    }

    /**
     * Whether the agent's wait probe recorded (JFR streaming: {@code chokepoint_wait_recording} 1)
     * at every scrape between two instants, with at least one scrape there; its counters read 0
     * before JFR starts, which is "not recorded", not "no wait".
     */
    public boolean recordedWaitsThroughout(long fromMillis, long toMillis) {
        boolean seen = false;
        for (Series s : series(RequestSplitSignals.RECORDING, k -> true)) {
            double[] values = s.values();
            for (int i = 0; i < s.size(); i++) {
                long t = s.timesMillis()[i];
                if (t >= fromMillis && t <= toMillis) {
                    if (values[i] != 1) {
                        return false;
                    }
                    seen = true;
                }
            }
        }
        return seen;
    }

    /** Increase between two instants, grouped by the value of one label (e.g. histogram buckets by le). */
    public Map<String, Double> increaseBetweenBy(String name, String label, long fromMillis, long toMillis) {
        return increaseBetweenBy(name, label, k -> true, fromMillis, toMillis);
    }

    /** Increase between two instants of the matching label sets, grouped by the value of one label. */
    public Map<String, Double> increaseBetweenBy(String name, String label, Predicate<SeriesKey> filter, long fromMillis,
                                                 long toMillis) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Series s : series(name, filter)) {
            String value = String.valueOf(s.key().label(label));
            double d = increaseBetween(s, fromMillis, toMillis);
            if (!Double.isNaN(d)) {
                out.merge(value, d, Double::sum);
            }
        }
        return out;
    }

    /**
     * The series' increase over each trailing window (NaN where unknown), computed once: the
     * groups read the same counters again (a statement's time by the statements, the pool, the
     * locks and the request split: each counter three times on average at 1 000 series).
     */
    private double[] windowIncrease(Series s) {
        double[] known = windows.get(s);
        if (known != null) {
            return known;
        }
        if (counterScratch == null) {
            counterScratch = new double[grid.size()];
        }
        double[] c = counterScratch;
        SeriesSampler.counter(s, grid, bornDuringRun(s), restarts, c);
        CounterPoints atSteps = counterPoints(s);
        for (int point : stepPoints) {
            atSteps.know(point, c[point]);
        }
        double[] out = nan();
        int w = grid.windowPoints();
        for (int i = w; i < c.length; i++) {
            out[i] = c[i] - c[i - w];
        }
        windows.put(s, out);
        return out;
    }

    private CounterPoints counterPoints(Series s) {
        return counters.computeIfAbsent(s, x -> new CounterPoints(x, restarts, bornDuringRun(x), grid));
    }

    /**
     * The window increases are read no more once the target's frame is computed: let them go (an
     * array of the grid's length per counter, 16 MB a target at 1 000 series).
     */
    void forgetWindowIncreases() {
        windows.clear();
        counterScratch = null;
    }

    private boolean bornDuringRun(Series s) {
        // A series first seen well after the target's first scrape was created during the run
        // (Micrometer registers a timer on first use), so it counted from zero.
        return s.size() > 0 && s.timesMillis()[0] > firstScrapeMillis + grid.resolutionMillis() / 2;
    }

    private double[] nan() {
        double[] a = new double[grid.size()];
        Arrays.fill(a, Double.NaN);
        return a;
    }

    static void addInto(double[] acc, double[] x) {
        for (int i = 0; i < acc.length; i++) {
            if (!Double.isNaN(x[i])) {
                acc[i] = Double.isNaN(acc[i]) ? x[i] : acc[i] + x[i];
            }
        }
    }
}
