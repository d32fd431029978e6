package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.Probe;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds the probes and installs their advice as one class file transformer. Every class the
 * application loads passes through each registered transformer, so one shared transformer keeps
 * the agent's cost per loaded class constant however many probes there are; a failure is still
 * one probe's ({@link ProbeTransformer}), and switching a probe off stops its matchers only.
 */
final class ProbeInstaller {

    private final Instrumentation instrumentation;
    private final AgentProbeContext context;
    private final boolean attachedLate;
    private volatile NameFilteredTransformer filter;

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

    /**
     * Binds every probe, then installs a name filter in front of their transformer, which is made
     * when the first named class loads ({@link NameFilteredTransformer}). After a late attach the
     * named classes may be loaded already: they are retransformed now.
     */
    void install(List<Probe> probes) {
        List<Probe> bound = new ArrayList<>();
        ClassNames names = ClassNames.NONE;
        for (Probe probe : probes) {
            try {
                probe.bind(context);
                bound.add(probe);
                names = names.or(probe.classNames());
            } catch (Throwable e) {
                // LinkageError included: a probe compiled against a library API must not take the
                // other probes, or the application, down with it.
                context.failed(probe.id(), "could not install: " + FailureReasons.of(e));
            }
        }
        if (names.isEmpty()) {
            return; // no probe transforms anything: the weaver is never loaded
        }
        filter = new NameFilteredTransformer(names, () -> new ProbeTransformer(bound, context));
        instrumentation.addTransformer(filter, attachedLate);
        if (attachedLate) {
            retransformLoaded(names);
        }
    }

    /**
     * Makes the probes' transformer now, on the calling thread (the agent's own), unless the
     * application's first named class made it already.
     */
    void prepare() {
        NameFilteredTransformer current = filter;
        if (current != null) {
            current.prepare();
        }
    }

    /**
     * The named classes already loaded, rewritten in place (advice only: valid on a loaded class),
     * one at a time so that a class the JVM refuses to redefine leaves the others rewritten.
     */
    private void retransformLoaded(ClassNames names) {
        for (Class<?> type : instrumentation.getAllLoadedClasses()) {
            if (names.contains(type.getName().replace('.', '/')) && instrumentation.isModifiableClass(type)) {
                try {
                    instrumentation.retransformClasses(type);
                } catch (Throwable e) {
                    context.couldNotInstrument(type.getName(), FailureReasons.of(e));
                }
            }
        }
    }
}
