package dev.chokepoint.agent.probe;

/**
 * A probe that transforms classes: its id and the names of the classes its transformations
 * match, fixed when it is constructed; {@link #transform} adds the transformations.
 */
public abstract class InstrumentingProbe implements Probe {

    private final String id;
    private final ClassNames classNames;

    protected InstrumentingProbe(String id, ClassNames classNames) {
        this.id = id;
        this.classNames = classNames;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final ClassNames classNames() {
        return classNames;
    }
}
