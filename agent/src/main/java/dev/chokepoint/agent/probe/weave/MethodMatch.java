package dev.chokepoint.agent.probe.weave;

import org.objectweb.asm.Type;

import java.util.function.Predicate;

/** Which methods of a matched class get hooks: by name and by what the descriptor says. */
public final class MethodMatch {

    private static final String CONSTRUCTOR = "<init>";

    private final String name;
    private final Predicate<String> descriptor;
    /** The arguments the hooks are written for, "(…)"; null: any. */
    private final String required;

    private MethodMatch(String name, Predicate<String> descriptor, String required) {
        this.name = name;
        this.descriptor = descriptor;
        this.required = required;
    }

    private MethodMatch(String name, Predicate<String> descriptor) {
        this(name, descriptor, null);
    }

    /** Every method called {@code name}, whatever it takes and returns. */
    public static MethodMatch named(String name) {
        return new MethodMatch(name, any -> true);
    }

    /** The class's constructors. */
    public static MethodMatch constructor() {
        return named(CONSTRUCTOR);
    }

    /** Only those taking {@code count} arguments. */
    public MethodMatch arguments(int count) {
        return new MethodMatch(name, descriptor.and(d -> Type.getArgumentCount(d) == count));
    }

    /** Only those taking exactly these argument types ({@code Ljava/lang/String;}, {@code I}). */
    public MethodMatch arguments(String... typeDescriptors) {
        String arguments = "(" + String.join("", typeDescriptors) + ")";
        return new MethodMatch(name, descriptor.and(d -> d.startsWith(arguments)));
    }

    /**
     * The hooks are written for these argument types: a method this matches that takes others (a
     * library upgrade changed it) is not woven but refused, which switches the probe off with a
     * line saying so, rather than left silently unprobed or woven into code the verifier rejects.
     */
    public MethodMatch requiring(String... typeDescriptors) {
        return new MethodMatch(name, descriptor, "(" + String.join("", typeDescriptors) + ")");
    }

    /** Why the hooks do not fit a method this matches; null when they do. */
    String misfit(String methodDescriptor) {
        return required == null || methodDescriptor.startsWith(required) ? null
                : "the hooks are written for arguments " + required;
    }

    /** Only those returning {@code typeDescriptor} ({@code Ljava/sql/Connection;}). */
    public MethodMatch returns(String typeDescriptor) {
        return new MethodMatch(name, descriptor.and(d -> d.endsWith(")" + typeDescriptor)));
    }

    boolean matches(String methodName, String methodDescriptor) {
        return name.equals(methodName) && descriptor.test(methodDescriptor);
    }

    boolean isConstructor() {
        return CONSTRUCTOR.equals(name);
    }

    @Override
    public String toString() {
        return name;
    }
}
