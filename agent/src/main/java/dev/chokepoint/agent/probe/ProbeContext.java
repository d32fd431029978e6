package dev.chokepoint.agent.probe;

import io.micrometer.core.instrument.MeterRegistry;

/**
 * What the bootstrap hands to each probe: the registry the meters go to, the agent's options,
 * and the one way a probe reports that it cannot work.
 */
public interface ProbeContext {

    MeterRegistry registry();

    /** The value of an agent option ({@code jdbc.max-queries}, …), or {@code defaultValue}. */
    String option(String name, String defaultValue);

    /**
     * Reports one line on stderr ("chokepoint: probe hikari off: …"), only for the first failure
     * of a probe, and switches the probe off: its type matchers stop matching (no further class is
     * instrumented) and {@link #isOn} answers {@code false}, which helpers check to take their
     * no-op path. Never throws.
     */
    void failed(String probeId, String reason);

    /**
     * {@code false} once the probe failed. Cheap (a lookup in a small concurrent set, empty in
     * the normal case), so helpers may call it per request; cache nothing that must see a switch-off.
     */
    boolean isOn(String probeId);

    /**
     * The JVM's instrumentation, for the rare probe that must retransform a JDK class itself
     * (executors); {@code null} where there is none (binder tests).
     */
    default java.lang.instrument.Instrumentation instrumentation() {
        return null;
    }

    /**
     * {@code true} when the agent was attached to a running JVM: its start-up is over, so a probe
     * that defers work until then ({@code waits}) starts now.
     */
    default boolean attachedLate() {
        return false;
    }
}
