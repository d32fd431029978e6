package dev.chokepoint.agent.probe;

import io.micrometer.core.instrument.MeterRegistry;

/**
 * What the bootstrap hands to each probe: the registry the meters go to, the agent's options,
 * and the one way a probe reports that it cannot work.
 */
public interface ProbeContext {

    MeterRegistry registry();

    /** The value of an agent option ({@code max-queries}, …), or {@code defaultValue}. */
    String option(String name, String defaultValue);

    /**
     * Reports, once per probe and reason, one line on stderr ("chokepoint: probe hikari off: …")
     * and switches the probe's helpers to their no-op path. Never throws.
     */
    void failed(String probeId, String reason);
}
