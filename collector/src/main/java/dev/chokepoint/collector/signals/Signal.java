package dev.chokepoint.collector.signals;

/**
 * A named number the rules can read. {@code text} signals carry a label (a query fingerprint, a
 * host) that explains a numeric one; rules cannot compute with them, only quote them.
 * {@code evidence} signals say how much data a point rests on (requests, scrapes in the window),
 * not how busy a resource is: a rule's guard on them is not a threshold on the resource, and the
 * margin report ({@code chokepoint margins}) keeps them apart.
 */
public record Signal(String name, Unit unit, String description, boolean text, boolean evidence) {

    public static Signal number(String name, Unit unit, String description) {
        return new Signal(name, unit, description, false, false);
    }

    public static Signal text(String name, String description) {
        return new Signal(name, Unit.COUNT, description, true, false);
    }

    public static Signal evidence(String name, String description) {
        return new Signal(name, Unit.COUNT, description, false, true);
    }
}
