package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.options.AgentOptions;
import dev.chokepoint.agent.probe.ProbeContext;
import io.micrometer.core.instrument.MeterRegistry;

import java.io.PrintStream;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent's {@link ProbeContext}: one registry, the parsed options, and the set of probes that
 * failed. A failure prints one stderr line and runs the probe's switch-off action (removing its
 * class file transformer), exactly once per probe however many classes or threads report it.
 */
final class AgentProbeContext implements ProbeContext {

    private final MeterRegistry registry;
    private final AgentOptions options;
    private final PrintStream err;
    private final Set<String> off = ConcurrentHashMap.newKeySet();
    private final Map<String, Runnable> switchOffActions = new ConcurrentHashMap<>();

    AgentProbeContext(MeterRegistry registry, AgentOptions options, PrintStream err) {
        this.registry = registry;
        this.options = options;
        this.err = err;
    }

    @Override
    public MeterRegistry registry() {
        return registry;
    }

    @Override
    public String option(String name, String defaultValue) {
        return options.value(name, defaultValue);
    }

    @Override
    public void failed(String probeId, String reason) {
        switchOff(probeId, "chokepoint: probe " + probeId + " off: " + reason);
    }

    /** The listener's report: Byte Buddy could not apply the probe to {@code typeName}. */
    void couldNotInstrument(String probeId, String typeName, String reason) {
        switchOff(probeId, "chokepoint: probe " + probeId + " could not instrument " + typeName + ": " + reason
                + "; probe off, the application runs on");
    }

    @Override
    public boolean isOn(String probeId) {
        return !off.contains(probeId);
    }

    /** What to run when {@code probeId} is switched off; runs at once if it already is. */
    void onSwitchOff(String probeId, Runnable action) {
        switchOffActions.put(probeId, action);
        if (off.contains(probeId)) {
            runSwitchOff(probeId);
        }
    }

    private void switchOff(String probeId, String line) {
        if (!off.add(probeId)) {
            return;
        }
        try {
            err.println(line);
        } finally {
            runSwitchOff(probeId);
        }
    }

    private void runSwitchOff(String probeId) {
        Runnable action = switchOffActions.remove(probeId);
        if (action == null) {
            return;
        }
        try {
            action.run();
        } catch (RuntimeException e) {
            // The probe is already off for its helpers; a transformer that cannot be removed only
            // costs matching time, so the application must not see this.
            err.println("chokepoint: probe " + probeId + " could not remove its transformer: " + e);
        }
    }
}
