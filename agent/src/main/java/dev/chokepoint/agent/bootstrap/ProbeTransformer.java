package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.probe.Probe;
import dev.chokepoint.agent.probe.weave.ProbeAdvice;
import dev.chokepoint.agent.probe.weave.WovenClass;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites a class the probes name with the advice of every probe that matches it, in one pass.
 * It sees only the classes {@link NameFilteredTransformer} lets through.
 *
 * <p>Each failure is one probe's: its advice could not be listed, its type matcher threw, or the
 * rewrite it took part in failed. That probe goes off with one stderr line and the class is
 * defined as the JVM read it; the other probes go on.
 */
final class ProbeTransformer implements ClassFileTransformer {

    private record ProbeAdvices(String probeId, List<ProbeAdvice> advice) {
    }

    private final AgentProbeContext context;
    private final List<ProbeAdvices> probes;
    /**
     * Set while this thread rewrites a class: a class loaded meanwhile (by a type matcher, say) is
     * left as it is rather than rewritten inside the rewrite.
     */
    private final ThreadLocal<Boolean> weaving = new ThreadLocal<>();

    ProbeTransformer(List<Probe> probes, AgentProbeContext context) {
        this.context = context;
        this.probes = new ArrayList<>(probes.size());
        for (Probe probe : probes) {
            try {
                this.probes.add(new ProbeAdvices(probe.id(), probe.advice()));
            } catch (Throwable e) {
                // LinkageError included: a probe whose matchers name a missing API costs only itself.
                context.failed(probe.id(), "could not install: " + FailureReasons.of(e));
            }
        }
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String internalName, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classFile) {
        if (weaving.get() != null) {
            return null;
        }
        weaving.set(Boolean.TRUE);
        try {
            return woven(loader, internalName.replace('/', '.'), classFile);
        } finally {
            weaving.remove();
        }
    }

    private byte[] woven(ClassLoader loader, String typeName, byte[] classFile) {
        WovenClass woven;
        try {
            woven = new WovenClass(loader, typeName, classFile);
        } catch (Throwable e) {
            context.couldNotInstrument(typeName, FailureReasons.of(e));
            return null;
        }
        List<String> applied = new ArrayList<>(1);
        for (ProbeAdvices probe : probes) {
            if (context.isOn(probe.probeId()) && appliedTo(woven, probe, typeName)) {
                applied.add(probe.probeId());
            }
        }
        if (applied.isEmpty() || !woven.changed()) {
            return null;
        }
        try {
            return woven.bytes();
        } catch (Throwable e) {
            for (String probeId : applied) {
                context.couldNotInstrument(probeId, typeName, FailureReasons.of(e));
            }
            return null;
        }
    }

    /** Adds {@code probe}'s matching advice to {@code woven}; whether it matched. */
    private boolean appliedTo(WovenClass woven, ProbeAdvices probe, String typeName) {
        boolean matched = false;
        try {
            for (ProbeAdvice advice : probe.advice()) {
                if (advice.matches(woven.type())) {
                    woven.apply(advice);
                    matched = true;
                }
            }
        } catch (Throwable e) {
            context.couldNotInstrument(probe.probeId(), typeName, FailureReasons.of(e));
            return false;
        }
        return matched;
    }
}
