package dev.chokepoint.agent.probe.weave;

import java.util.ArrayList;
import java.util.List;

/**
 * What an instrumenting probe does to the classes it matches: hooks woven into the matched
 * methods ({@link MethodHooks}), each a few instructions that call the probe's helper.
 */
public final class ProbeAdvice {

    private final TypeMatch types;
    private final List<MethodAdvice> methods;

    record MethodAdvice(MethodMatch match, MethodHooks hooks) {
    }

    private ProbeAdvice(TypeMatch types, List<MethodAdvice> methods) {
        this.types = types;
        this.methods = methods;
    }

    /** No hooks yet for the classes {@code types} matches; add them with {@link #on}. */
    public static ProbeAdvice of(TypeMatch types) {
        return new ProbeAdvice(types, List.of());
    }

    /** Also weaves {@code hooks} into the methods {@code methods} matches. */
    public ProbeAdvice on(MethodMatch methods, MethodHooks hooks) {
        List<MethodAdvice> more = new ArrayList<>(this.methods);
        more.add(new MethodAdvice(methods, hooks));
        return new ProbeAdvice(types, List.copyOf(more));
    }

    /** Whether this advice applies to {@code type}. */
    public boolean matches(ClassHeader type) {
        return types.matches(type);
    }

    List<MethodAdvice> methods() {
        return methods;
    }
}
