package dev.chokepoint.collector.signals;

import java.util.List;

/** The signals about one resource or concern, and how to compute them from a target's series. */
interface SignalGroup {

    List<Signal> signals();

    void compute(TargetSeries in, Baseline baseline, SignalFrame out);

    /**
     * The timers' and summaries' maxima ({@code X_max}) this group reads: the run is read without
     * the others ({@link dev.chokepoint.collector.store.RunReader#read(java.nio.file.Path, java.util.Set)}).
     */
    default List<String> maximaRead() {
        return List.of();
    }
}
