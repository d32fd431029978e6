package dev.chokepoint.agent.probe;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

import java.util.ArrayList;
import java.util.List;

/**
 * What an instrumenting probe does to the types it matches: advice classes nested in the probe,
 * inlined into the matched methods. The advice is named, never loaded by the agent (it refers to
 * the instrumented library's types, which the agent's loader cannot see): {@link WovenClass} reads
 * its class file from the agent's jar.
 */
public final class ProbeAdvice {

    private final String probeName;
    private final ElementMatcher<? super TypeDescription> types;
    private final List<MethodAdvice> methods;

    private record MethodAdvice(ElementMatcher<? super MethodDescription> methods, String adviceName) {
    }

    private ProbeAdvice(String probeName, ElementMatcher<? super TypeDescription> types, List<MethodAdvice> methods) {
        this.probeName = probeName;
        this.types = types;
        this.methods = methods;
    }

    /** No advice yet for the types {@code types} matches; add it with {@link #on}. */
    public static ProbeAdvice of(Class<? extends Probe> probe, ElementMatcher<? super TypeDescription> types) {
        return new ProbeAdvice(probe.getName(), types, List.of());
    }

    /** Also inlines {@code probe$nestedAdvice} into the methods {@code methods} matches. */
    public ProbeAdvice on(ElementMatcher<? super MethodDescription> methods, String nestedAdvice) {
        List<MethodAdvice> more = new ArrayList<>(this.methods);
        more.add(new MethodAdvice(methods, probeName + "$" + nestedAdvice));
        return new ProbeAdvice(probeName, types, List.copyOf(more));
    }

    /** Whether this advice applies to {@code type}. */
    public boolean matches(TypeDescription type) {
        return types.matches(type);
    }

    /** One visitor per advice class, for the class being rewritten. */
    List<AsmVisitorWrapper> visitors(WovenClass.Sources sources) {
        List<AsmVisitorWrapper> visitors = new ArrayList<>(methods.size());
        for (MethodAdvice advice : methods) {
            visitors.add(Advice.to(sources.describe(advice.adviceName()), sources.locator()).on(advice.methods()));
        }
        return visitors;
    }
}
