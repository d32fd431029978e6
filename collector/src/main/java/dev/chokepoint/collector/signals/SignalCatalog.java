package dev.chokepoint.collector.signals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every signal the rules may name, and how each is computed from a target's raw series. The
 * catalog is code on purpose: the arithmetic on counters and histograms (resets, gaps, bucket
 * deltas) is easy to get subtly wrong in an expression language; rules only combine its results.
 */
public final class SignalCatalog {

    private static final List<SignalGroup> GROUPS = List.of(
            new TrafficSignals(), new CpuSignals(), new WorkerSignals(), new PoolSignals(),
            new RequestSplitSignals(), new StatementSignals(), new GcSignals(), new DownstreamSignals(), new LockSignals(),
            new ExecutorSignals(), new OutboundPoolSignals(), new WaitSiteSignals());

    private static final Map<String, Signal> BY_NAME = index();

    private SignalCatalog() {
    }

    public static Map<String, Signal> signals() {
        return BY_NAME;
    }

    /**
     * A signal name for Java code outside the catalog: checked when the class naming it loads, so a
     * renamed or removed signal fails every test that touches that class instead of reading NaN.
     */
    public static String known(String name) {
        if (!BY_NAME.containsKey(name)) {
            throw new IllegalStateException("no signal '" + name + "' in the catalog");
        }
        return name;
    }

    public static Optional<Signal> signal(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** The timers' and summaries' maxima that some signal reads: a run is read for analysis without the others. */
    public static Set<String> maximaRead() {
        return GROUPS.stream().flatMap(g -> g.maximaRead().stream()).collect(Collectors.toUnmodifiableSet());
    }

    /** All signals of one target, on the grid. */
    static SignalFrame compute(TargetSeries in, Baseline baseline) {
        SignalFrame frame = new SignalFrame(in.target(), in.grid());
        for (SignalGroup g : GROUPS) {
            g.compute(in, baseline, frame);
        }
        in.forgetWindowIncreases();
        return frame;
    }

    /** Whether a signal is read from a dependency's exporter (absent unless the run recorded one). */
    public static boolean fromExporter(String name) {
        return DatabaseInsideSignals.fromExporter(name);
    }

    private static Map<String, Signal> index() {
        Map<String, Signal> m = new LinkedHashMap<>();
        List<List<Signal>> lists = new java.util.ArrayList<>(GROUPS.stream().map(SignalGroup::signals).toList());
        lists.add(DatabaseInsideSignals.SIGNALS);
        for (List<Signal> signals : lists) {
            for (Signal s : signals) {
                if (m.put(s.name(), s) != null) {
                    throw new IllegalStateException("signal defined twice: " + s.name());
                }
            }
        }
        return java.util.Collections.unmodifiableMap(m);
    }
}
