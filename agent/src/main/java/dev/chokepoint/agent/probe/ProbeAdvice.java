package dev.chokepoint.agent.probe;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

import java.security.ProtectionDomain;

/**
 * The transformation every instrumenting probe applies: advice classes nested in the probe,
 * inlined into the matched methods of a type. The advice is named, never loaded by the agent (it
 * refers to the instrumented library's types, which the agent's loader cannot see); Byte Buddy
 * reads it from the probe's class loader.
 */
public final class ProbeAdvice implements AgentBuilder.Transformer {

    private final Class<? extends Probe> probe;
    private final AgentBuilder.Transformer.ForAdvice advice;

    private ProbeAdvice(Class<? extends Probe> probe, AgentBuilder.Transformer.ForAdvice advice) {
        this.probe = probe;
        this.advice = advice;
    }

    /** No advice yet; add it with {@link #on}. */
    public static ProbeAdvice of(Class<? extends Probe> probe) {
        return new ProbeAdvice(probe, new AgentBuilder.Transformer.ForAdvice().include(probe.getClassLoader()));
    }

    /** Also inlines {@code probe$nestedAdvice} into the methods {@code methods} matches. */
    public ProbeAdvice on(ElementMatcher<? super MethodDescription> methods, String nestedAdvice) {
        return new ProbeAdvice(probe, advice.advice(methods, probe.getName() + "$" + nestedAdvice));
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type,
                                            ClassLoader classLoader, JavaModule module,
                                            ProtectionDomain protectionDomain) {
        return advice.transform(builder, type, classLoader, module, protectionDomain);
    }
}
