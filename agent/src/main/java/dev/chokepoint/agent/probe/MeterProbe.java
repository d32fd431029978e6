package dev.chokepoint.agent.probe;

import net.bytebuddy.agent.builder.AgentBuilder;

/** A probe that only binds meters: it transforms no class and leaves the builder as it is. */
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
    public final AgentBuilder transform(AgentBuilder builder) {
        return builder;
    }
}
