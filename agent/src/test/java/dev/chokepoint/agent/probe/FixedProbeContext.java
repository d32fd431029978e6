package dev.chokepoint.agent.probe;

import io.micrometer.core.instrument.MeterRegistry;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** A {@link ProbeContext} for binder tests: a given registry and options, failures collected. */
public final class FixedProbeContext implements ProbeContext {

    private final MeterRegistry registry;
    private final Map<String, String> options;
    private final Set<String> off = ConcurrentHashMap.newKeySet();
    public final List<String> failures = new ArrayList<>();

    public FixedProbeContext(MeterRegistry registry, Map<String, String> options) {
        this.registry = registry;
        this.options = options;
    }

    @Override
    public MeterRegistry registry() {
        return registry;
    }

    @Override
    public String option(String name, String defaultValue) {
        return options.getOrDefault(name, defaultValue);
    }

    @Override
    public synchronized void failed(String probeId, String reason) {
        off.add(probeId);
        failures.add(probeId + ": " + reason);
    }

    @Override
    public boolean isOn(String probeId) {
        return !off.contains(probeId);
    }
}
