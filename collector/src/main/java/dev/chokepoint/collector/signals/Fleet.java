package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.store.RunData;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * All targets of a run on one grid: their signal frames, and step-level traffic summed over the
 * fleet (bucket increases merged before taking quantiles, which is the only correct way to get a
 * fleet percentile). Dependencies' exporters are no service of the fleet: their signals join the
 * frame of each service that uses that dependency.
 */
public final class Fleet {

    private static final String WORKER_QUEUE = SignalCatalog.known("worker_queue");

    private final Grid grid;
    private final List<TargetSeries> targets = new ArrayList<>();
    private final List<SignalFrame> frames = new ArrayList<>();
    private final List<TargetSeries> hostViews;

    public Fleet(RunData run, Grid grid, Baseline baseline) {
        this(run, grid, baseline, new long[0]);
    }

    /** {@code stepInstants}: where the steps will be read (their starts and ends), so the counters are read there once. */
    public Fleet(RunData run, Grid grid, Baseline baseline, long[] stepInstants) {
        this.grid = grid;
        List<String> all = targetsOf(run);
        DependencyExporters exporters = new DependencyExporters(run, all, grid);
        hostViews = exporters.ofKind(DependencyExporter.Kind.HOST_VIEW);
        for (String target : all) {
            if (!DependencyExporters.judgedAsService(run, target)) {
                continue;
            }
            TargetSeries in = new TargetSeries(run, target, grid, stepInstants);
            targets.add(in);
            SignalFrame frame = SignalCatalog.compute(in, baseline);
            DatabaseInsideSignals.compute(exporters.forService(in, DependencyExporter.Kind.POSTGRES),
                    exporters.forService(in, DependencyExporter.Kind.MYSQL),
                    exporters.forService(in, DependencyExporter.Kind.NODE), frame);
            frames.add(frame);
        }
    }

    public Grid grid() {
        return grid;
    }

    public List<SignalFrame> frames() {
        return frames;
    }

    /**
     * Server-side traffic between two instants, or unknown where a target went unscraped for
     * longer than a window in between: its count there is the gap's mean spread over it, not the
     * step's own. Held over such a gap (before counters were spread over it), cpu-starved's step 3
     * (120 CPU-bound requests on 2 cores, the endpoint unanswered for 10 s) read 0.5 RPS of its
     * 22.5, so the step's requests seemed to have waited in the load generator; the spread count
     * would still mix step 2's rate into step 3's. For judgements that rest on the service's own
     * count and latency.
     */
    public StepTraffic serverTrafficSeenThrough(long fromMillis, long toMillis) {
        return blind(fromMillis, toMillis) ? unknownServerTraffic() : serverTraffic(fromMillis, toMillis);
    }

    /** Whether some target went unscraped for longer than a window between two instants. */
    public boolean blind(long fromMillis, long toMillis) {
        return longestScrapeGapMillis(fromMillis, toMillis) > grid.windowMillis();
    }

    /** The longest time any target went unscraped between two instants. */
    public long longestScrapeGapMillis(long fromMillis, long toMillis) {
        return targets.stream().mapToLong(t -> t.longestScrapeGapMillis(fromMillis, toMillis)).max().orElse(0);
    }

    /** Server-side traffic between two instants, all targets together. */
    public StepTraffic serverTraffic(long fromMillis, long toMillis) {
        String name = TrafficSignals.REQUESTS;
        double count = 0;
        double errors = 0;
        double seconds = 0;
        Histogram h = new Histogram();
        boolean known = false;
        for (TargetSeries t : targets) {
            double c = t.increaseBetween(name + "_count", k -> true, fromMillis, toMillis);
            if (Double.isNaN(c)) {
                continue;
            }
            known = true;
            count += c;
            double e = t.increaseBetween(name + "_count", TrafficSignals.SERVER_ERROR, fromMillis, toMillis);
            errors += Double.isNaN(e) ? 0 : e;
            double sum = t.increaseBetween(name + "_sum", k -> true, fromMillis, toMillis);
            seconds += Double.isNaN(sum) ? Double.NaN : sum;
            for (Map.Entry<String, Double> b : t.increaseBetweenBy(name + "_bucket", "le", fromMillis, toMillis).entrySet()) {
                h.add(b.getKey(), b.getValue());
            }
        }
        double wall = (toMillis - fromMillis) / 1000.0;
        if (!known) {
            return unknownServerTraffic();
        }
        return new StepTraffic(count, count / wall, h.quantile(0.50), h.quantile(0.90), h.quantile(0.95),
                h.quantile(0.99), count > 0 ? errors / count : Double.NaN, StepTraffic.Source.SERVER,
                count > 0 ? seconds / count : Double.NaN);
    }

    /**
     * The requests accepted and waiting for a worker between two instants, all targets together:
     * each target's mean of {@code worker_queue} over the grid points read (NaN where no target
     * exported it).
     */
    public double queuedForWorker(long fromMillis, long toMillis) {
        double total = Double.NaN;
        for (SignalFrame f : frames) {
            double sum = 0;
            int n = 0;
            for (int i = grid.indexAtOrAfter(fromMillis); i < grid.size() && grid.time(i) < toMillis; i++) {
                double v = f.value(WORKER_QUEUE, i);
                if (!Double.isNaN(v)) {
                    sum += v;
                    n++;
                }
            }
            if (n > 0) {
                total = (Double.isNaN(total) ? 0 : total) + sum / n;
            }
        }
        return total;
    }

    private static StepTraffic unknownServerTraffic() {
        return new StepTraffic(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                StepTraffic.Source.SERVER);
    }

    /** Per route and per statement, what the step's requests cost (all targets together), and how busy the host's neighbours were. */
    public StepCosts costs(Step step) {
        return CostBreakdown.of(step.index(), targets, frames, hostViews, step.startMillis(), step.endMillis());
    }

    /** The load tool's numbers where it gave them; the rest (p50, p90, and the mean if it gave none) from the servers. */
    public StepTraffic traffic(Step step) {
        StepTraffic server = serverTraffic(step.startMillis(), step.endMillis());
        Step.ClientStats c = step.client();
        if (c == null) {
            return server;
        }
        return new StepTraffic(c.requests(), c.achievedRps(), server.p50Seconds(), server.p90Seconds(),
                c.p95Seconds(), c.p99Seconds(), c.errorRate(), StepTraffic.Source.CLIENT,
                Double.isNaN(c.meanSeconds()) ? server.meanSeconds() : c.meanSeconds());
    }

    private static List<String> targetsOf(RunData run) {
        List<String> out = new ArrayList<>(run.targets());
        run.series().stream().map(s -> s.key().target()).distinct().filter(t -> !out.contains(t)).forEach(out::add);
        return out;
    }
}
