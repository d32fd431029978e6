package dev.chokepoint.collector.signals;

import java.util.List;

/** The signals about one resource or concern, and how to compute them from a target's series. */
interface SignalGroup {

    List<Signal> signals();

    void compute(TargetSeries in, Baseline baseline, SignalFrame out);
}
