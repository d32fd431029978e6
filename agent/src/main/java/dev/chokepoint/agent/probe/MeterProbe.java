package dev.chokepoint.agent.probe;

import dev.chokepoint.agent.probe.weave.ProbeAdvice;

import java.util.List;

/** A probe that only binds meters: it rewrites no class. */
public abstract class MeterProbe implements Probe {

    private final String id;

    protected MeterProbe(String id) {
        this.id = id;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final ClassNames classNames() {
        return ClassNames.NONE;
    }

    @Override
    public final List<ProbeAdvice> advice() {
        return List.of();
    }
}
