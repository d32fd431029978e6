package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.probe.Probe;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;

import java.lang.instrument.Instrumentation;

/**
 * Installs each probe as its own class file transformer, so that a transformation error is
 * attributed to exactly one probe and switching that probe off removes only its transformer.
 */
final class ProbeInstaller {

    private final Instrumentation instrumentation;
    private final AgentProbeContext context;
    private final boolean attachedLate;
    private AgentBuilder base;

    /**
     * @param attachedLate {@code true} when the agent was attached to a running JVM
     *                     ({@code agentmain}): classes a probe targets may already be loaded and
     *                     are retransformed; at {@code premain} none of them is loaded yet.
     */
    ProbeInstaller(Instrumentation instrumentation, AgentProbeContext context, boolean attachedLate) {
        this.instrumentation = instrumentation;
        this.context = context;
        this.attachedLate = attachedLate;
    }

    void install(Probe probe) {
        String id = probe.id();
        try {
            AgentBuilder own = base().with(new ProbeFailureListener(id, context));
            AgentBuilder instrumented = probe.instrument(own, context);
            if (instrumented == own) {
                return; // meters only, nothing to transform
            }
            ResettableClassFileTransformer transformer = instrumented.installOn(instrumentation);
            context.onSwitchOff(id, () -> transformer.reset(instrumentation, AgentBuilder.RedefinitionStrategy.DISABLED));
        } catch (Throwable e) {
            // LinkageError included: a probe compiled against a library API must not take the
            // other probes, or the application, down with it.
            context.failed(id, "could not install: " + ProbeFailureListener.reason(e));
        }
    }

    /** Built on first use: its class loading is most of the agent's start-up time. */
    private synchronized AgentBuilder base() {
        if (base == null) {
            base = baseBuilder();
        }
        return base;
    }

    private AgentBuilder baseBuilder() {
        // Advice is inlined into existing methods, never adding fields or methods, so the same
        // transformations are valid at premain and when retransforming after a late attach.
        AgentBuilder builder = new AgentBuilder.Default().disableClassFormatChanges();
        if (attachedLate) {
            builder = builder.with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION);
        }
        return AgentIgnores.applyTo(builder);
    }
}
