package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.probe.Probe;
import dev.chokepoint.agent.runtime.JvmProbe;
import dev.chokepoint.agent.runtime.ProcessProbe;

import java.util.List;

/**
 * Every probe the agent can run, in installation order. A new probe is one line here; its
 * {@link Probe#id()} is what users name in {@code probes=-id}.
 */
public final class Probes {

    private Probes() {
    }

    public static List<Probe> all() {
        return List.of(
                new JvmProbe(),
                new ProcessProbe());
    }
}
