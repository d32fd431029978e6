package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.probe.AdviceOnlyBuilder;
import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.Probe;
import net.bytebuddy.agent.builder.AgentBuilder;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds the probes and installs their transformations as one class file transformer. Every class
 * the application loads passes through each registered transformer, so one shared transformer
 * keeps the agent's cost per loaded class constant however many probes there are. Errors are still attributed to
 * one probe ({@link AttributingBuilder}), and switching a probe off stops its matchers only.
 */
final class ProbeInstaller {

    /** What a probe gets when Byte Buddy's transformer cannot be made: every class stays as it is. */
    private static final ClassFileTransformer NO_CHANGE = new ClassFileTransformer() {
    };

    private final Instrumentation instrumentation;
    private final AgentProbeContext context;
    private final boolean attachedLate;
    private final ProbeMatches matches = new ProbeMatches();
    private AgentBuilder base;
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
     * Binds every probe, then installs their transformations as one class file transformer. At
     * premain that is a name filter which makes Byte Buddy's transformer when the first named class
     * loads ({@link NameFilteredTransformer}); after a late attach the named classes may be loaded
     * already, so Byte Buddy's transformer is installed now and retransforms them.
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
                context.failed(probe.id(), "could not install: " + ProbeFailureListener.reason(e));
            }
        }
        if (names.isEmpty()) {
            return; // no probe transforms anything: Byte Buddy is never loaded
        }
        if (attachedLate) {
            try {
                chained(bound).installOn(instrumentation);
            } catch (Throwable e) {
                notInstalled(bound, e);
            }
        } else {
            filter = new NameFilteredTransformer(names, () -> made(bound));
            instrumentation.addTransformer(filter);
        }
    }

    /**
     * Makes Byte Buddy's transformer now, on the calling thread (the agent's own), unless the
     * application's first named class made it already. Its class loading and verification
     * (~1000 classes) then run beside the application's start-up instead of on its thread.
     */
    void prepare() {
        NameFilteredTransformer current = filter;
        if (current != null) {
            current.prepare();
        }
    }

    /** Byte Buddy's transformer for {@code probes}, or one that changes nothing if it cannot be made. */
    private ClassFileTransformer made(List<Probe> probes) {
        try {
            return chained(probes).makeRaw();
        } catch (Throwable e) {
            notInstalled(probes, e);
            return NO_CHANGE;
        }
    }

    private void notInstalled(List<Probe> probes, Throwable e) {
        for (Probe probe : probes) {
            context.failed(probe.id(), "class transformer not installed: " + ProbeFailureListener.reason(e));
        }
    }

    /** Every probe's transformations on one builder. */
    private AgentBuilder chained(List<Probe> probes) {
        AgentBuilder chain = base();
        for (Probe probe : probes) {
            chain = chainedWith(chain, probe);
        }
        return chain;
    }

    private AgentBuilder chainedWith(AgentBuilder chain, Probe probe) {
        try {
            AgentBuilder seen = AttributingBuilder.wrap(chain, probe.id(), context, matches);
            return AttributingBuilder.unwrap(probe.transform(seen));
        } catch (Throwable e) {
            // As in bind: one probe's failure costs only that probe. Its partial chain is dropped.
            context.failed(probe.id(), "could not install: " + ProbeFailureListener.reason(e));
            return chain;
        }
    }

    /** Built on first use: its class loading is most of Byte Buddy's start-up time. */
    private synchronized AgentBuilder base() {
        if (base == null) {
            AgentBuilder builder = AdviceOnlyBuilder.create().with(new ProbeFailureListener(context, matches));
            if (attachedLate) {
                builder = builder.with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION);
            }
            base = AgentIgnores.applyTo(builder);
        }
        return base;
    }
}
