package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;

import java.util.List;

/** Time lost in GC pauses and how full the heap stays after collections. */
final class GcSignals implements SignalGroup {

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.number("gc_pause_fraction", Unit.RATIO, "share of wall time spent in GC pauses"),
                Signal.number("gc_overhead", Unit.RATIO, "share of CPU time spent in GC (jvm.gc.overhead)"),
                Signal.number("heap_after_gc_ratio", Unit.RATIO, "old generation live data after GC / its max"),
                Signal.number("heap_used_ratio", Unit.RATIO, "heap used / heap max"));
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        out.put("gc_pause_fraction", PointWise.scale(in.increase("jvm_gc_pause_seconds_sum"), 1 / in.grid().windowSeconds()));
        out.put("gc_overhead", in.gaugeSum("jvm_gc_overhead"));
        out.put("heap_after_gc_ratio", PointWise.ratio(in.gaugeSum("jvm_gc_live_data_size_bytes"),
                in.gaugeSum("jvm_gc_max_data_size_bytes")));
        out.put("heap_used_ratio", PointWise.ratio(in.gaugeSum("jvm_memory_used_bytes", k -> "heap".equals(k.label("area"))),
                heapMax(in)));
    }

    /** Memory pools without a limit report max = -1; they must not shrink the sum. */
    private static double[] heapMax(TargetSeries in) {
        double[] out = new double[in.grid().size()];
        java.util.Arrays.fill(out, Double.NaN);
        for (Series s : in.series("jvm_memory_max_bytes", k -> "heap".equals(k.label("area")))) {
            double[] v = SeriesSampler.gauge(s, in.grid());
            for (int i = 0; i < v.length; i++) {
                if (v[i] > 0) {
                    out[i] = Double.isNaN(out[i]) ? v[i] : out[i] + v[i];
                }
            }
        }
        return out;
    }
}
