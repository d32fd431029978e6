package dev.chokepoint.collector.signals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The signals of one target on the grid: for each name, one value per grid point (NaN where
 * unknown), and for text signals one label per point (null where unknown).
 */
public final class SignalFrame {

    private final String target;
    private final Grid grid;
    private final Map<String, double[]> numbers = new LinkedHashMap<>();
    private final Map<String, String[]> texts = new LinkedHashMap<>();

    public SignalFrame(String target, Grid grid) {
        this.target = target;
        this.grid = grid;
    }

    public String target() {
        return target;
    }

    public Grid grid() {
        return grid;
    }

    public void put(String name, double[] values) {
        if (values.length != grid.size()) {
            throw new IllegalArgumentException(name + ": " + values.length + " values for " + grid.size() + " points");
        }
        numbers.put(name, values);
    }

    public void putText(String name, String[] values) {
        texts.put(name, values);
    }

    /** Values of a signal; all NaN when the target does not have it. */
    public double[] values(String name) {
        double[] v = numbers.get(name);
        if (v == null) {
            v = new double[grid.size()];
            Arrays.fill(v, Double.NaN);
        }
        return v;
    }

    public double value(String name, int i) {
        double[] v = numbers.get(name);
        return v == null ? Double.NaN : v[i];
    }

    public String text(String name, int i) {
        String[] v = texts.get(name);
        return v == null ? null : v[i];
    }

    /** True if the signal has a value at some point of the run. */
    public boolean available(String name) {
        double[] v = numbers.get(name);
        if (v != null) {
            for (double x : v) {
                if (!Double.isNaN(x)) {
                    return true;
                }
            }
        }
        String[] t = texts.get(name);
        return t != null && Arrays.stream(t).anyMatch(s -> s != null);
    }
}
