package dev.chokepoint.collector.drive;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the next probe goes: up ×2 from the start rate while probes pass; once one fails, bisect
 * between the highest passing and the lowest failing rate until they are within the precision of
 * their midpoint (±5 %: the capacity, the midpoint, is then within 5 % of any rate between them).
 * A first probe that fails halves down instead. A probe the load generator could not offer ends
 * the search: beyond it nothing can be said about the service.
 */
public final class CapacitySearch {

    /** What a probe said of the service at its rate. */
    public enum Outcome { PASSED, FAILED, ENGINE_SHORT }

    /** A probe and what it said. */
    public record Probe(double rate, Outcome outcome) {
    }

    /** Below this rate a service that fails is reported as failing at the lowest rate tried. */
    static final double MIN_RATE = 1;

    private final double start;
    private final double precision;
    private final List<Probe> probes = new ArrayList<>();

    /** {@code precision}: half the width of the answer, as a share of it (0.05 for ±5 %). */
    public CapacitySearch(double start, double precision) {
        if (!(start > 0) || !(precision > 0 && precision < 1)) {
            throw new IllegalArgumentException("start rate must be > 0 and precision in (0, 1)");
        }
        this.start = start;
        this.precision = precision;
    }

    public void record(double rate, Outcome outcome) {
        probes.add(new Probe(rate, outcome));
    }

    public List<Probe> probes() {
        return List.copyOf(probes);
    }

    /** The highest rate that passed, or NaN. */
    public double lastGood() {
        return probes.stream().filter(p -> p.outcome() == Outcome.PASSED).mapToDouble(Probe::rate).max().orElse(Double.NaN);
    }

    /** The lowest rate that failed (the service's fault), or NaN. */
    public double firstBad() {
        return probes.stream().filter(p -> p.outcome() == Outcome.FAILED).mapToDouble(Probe::rate).min().orElse(Double.NaN);
    }

    public boolean engineShort() {
        return probes.stream().anyMatch(p -> p.outcome() == Outcome.ENGINE_SHORT);
    }

    /** Narrowed to the precision: both bounds known and within ±precision of their midpoint. */
    public boolean converged() {
        double good = lastGood();
        double bad = firstBad();
        return !Double.isNaN(good) && !Double.isNaN(bad) && bad - good <= 2 * precision * capacity();
    }

    /** The midpoint of the last good and the first bad rate (NaN until both are known). */
    public double capacity() {
        return (lastGood() + firstBad()) / 2;
    }

    /** The next rate to probe, or NaN when the search is over (converged, engine short, or below the minimum). */
    public double next() {
        if (probes.isEmpty()) {
            return start;
        }
        if (engineShort() || converged()) {
            return Double.NaN;
        }
        double good = lastGood();
        double bad = firstBad();
        if (Double.isNaN(bad)) {
            return good * 2;
        }
        if (Double.isNaN(good)) {
            return bad / 2 >= MIN_RATE ? bad / 2 : Double.NaN;
        }
        return (good + bad) / 2;
    }
}
