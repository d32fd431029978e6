package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.options.AgentOptions;
import dev.chokepoint.agent.probe.ProbeContext;
import io.micrometer.core.instrument.MeterRegistry;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent's {@link ProbeContext}: one registry, the parsed options, and the set of probes that
 * failed. A failure prints one stderr line, exactly once per probe however many classes or
 * threads report it; from then on {@link #isOn} is false, which stops the probe's type matchers
 * (see {@link ProbeTransformer}) and sends its helpers down their no-op path.
 */
final class AgentProbeContext implements ProbeContext {

    /** Bounds the lines (and the set) should a broken library fail class after class. */
    private static final int MAX_UNATTRIBUTED_LINES = 20;

    private final MeterRegistry registry;
    private final AgentOptions options;
    private final PrintStream err;
    private final Instrumentation instrumentation;
    private final boolean attachedLate;

    private final Set<String> off = ConcurrentHashMap.newKeySet();
    /**
     * False once any probe went off. Every probe's helper asks {@link #isOn} on every call (several
     * times a request); while nothing failed, which is the normal run, one volatile read answers
     * instead of a hash lookup (0.2 µs a request on the example service, async-profiler).
     */
    private volatile boolean allOn = true;
    private final Set<String> unattributed = ConcurrentHashMap.newKeySet();

    AgentProbeContext(MeterRegistry registry, AgentOptions options, PrintStream err) {
        this(registry, options, err, null, false);
    }

    AgentProbeContext(MeterRegistry registry, AgentOptions options, PrintStream err, Instrumentation instrumentation,
                      boolean attachedLate) {
        this.registry = registry;
        this.options = options;
        this.err = err;
        this.instrumentation = instrumentation;
        this.attachedLate = attachedLate;
    }

    @Override
    public Instrumentation instrumentation() {
        return instrumentation;
    }

    @Override
    public boolean attachedLate() {
        return attachedLate;
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

    /** The probe could not be applied to {@code typeName}. */
    void couldNotInstrument(String probeId, String typeName, String reason) {
        switchOff(probeId, "chokepoint: probe " + probeId + " could not instrument " + typeName + ": " + reason
                + "; probe off, the application runs on");
    }

    /** An error no probe's matcher accounts for; the class is left as it was, once per class. */
    void couldNotInstrument(String typeName, String reason) {
        if (unattributed.size() < MAX_UNATTRIBUTED_LINES && unattributed.add(typeName)) {
            err.println("chokepoint: could not instrument " + typeName + ": " + reason + "; class left unchanged");
        }
    }

    @Override
    public boolean isOn(String probeId) {
        return allOn || !off.contains(probeId);
    }

    private void switchOff(String probeId, String line) {
        if (off.add(probeId)) {
            allOn = false;
            err.println(line);
        }
    }
}
