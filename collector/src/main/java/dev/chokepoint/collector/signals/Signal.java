package dev.chokepoint.collector.signals;

/**
 * A named number the rules can read. {@code text} signals carry a label (a query fingerprint, a
 * host) that explains a numeric one; rules cannot compute with them, only quote them.
 */
public record Signal(String name, Unit unit, String description, boolean text) {

    public static Signal number(String name, Unit unit, String description) {
        return new Signal(name, unit, description, false);
    }

    public static Signal text(String name, String description) {
        return new Signal(name, Unit.COUNT, description, true);
    }
}
