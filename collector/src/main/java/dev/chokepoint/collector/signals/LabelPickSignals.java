package dev.chokepoint.collector.signals;

import java.util.List;

/**
 * The signals of one {@link TimerByLabel} pick under a common prefix: the picked label (a text
 * signal) and its mean, baseline, inflation, share and rate. Statements and downstream hosts are
 * read the same way; only the timer, the label and how the pick is made differ.
 */
final class LabelPickSignals {

    private final String prefix;
    private final String labelSignal;
    private final String timer;
    private final String label;
    private final TimerByLabel.Pick pick;
    private final String what;

    /** {@code what} names the picked thing in descriptions, e.g. "the statement fingerprint taking most JDBC time". */
    LabelPickSignals(String prefix, String labelSignal, String timer, String label, TimerByLabel.Pick pick, String what) {
        this.prefix = prefix;
        this.labelSignal = labelSignal;
        this.timer = timer;
        this.label = label;
        this.pick = pick;
        this.what = what;
    }

    List<Signal> signals() {
        return List.of(
                Signal.text(labelSignal, what),
                Signal.number(prefix + "_mean", Unit.SECONDS, "its mean latency"),
                Signal.number(prefix + "_baseline", Unit.SECONDS, "its mean latency at the lowest load step"),
                Signal.number(prefix + "_inflation", Unit.FACTOR, "its latency / its baseline latency"),
                Signal.number(prefix + "_share", Unit.RATIO, "its share of the timer's total time"),
                Signal.number(prefix + "_rate", Unit.PER_SECOND, "its calls per second"));
    }

    void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        put(new TimerByLabel(in, timer, label, baseline, pick), out);
    }

    /** The signals of a pick made elsewhere (several timers merged). */
    void put(TimerByLabel picked, SignalFrame out) {
        out.putText(labelSignal, picked.label);
        out.put(prefix + "_mean", picked.mean);
        out.put(prefix + "_baseline", picked.baselineMean);
        out.put(prefix + "_inflation", picked.inflation);
        out.put(prefix + "_share", picked.share);
        out.put(prefix + "_rate", picked.rate);
    }
}
