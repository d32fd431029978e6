package dev.chokepoint.agent.probe;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The names of the classes a probe may transform: exact names and name suffixes. The agent tests
 * every class the application loads against the union of its probes' names before the weaver sees
 * the class, so a class no probe can match costs a hash lookup instead of a class-file reading and
 * the probes' type matches (~10,000 classes in a Spring Boot start).
 * A probe's type matchers must therefore only match classes named here; they may narrow further.
 */
public final class ClassNames {

    public static final ClassNames NONE = new ClassNames(Set.of(), List.of());

    /** Internal names ({@code a/b/C}), the form a class file transformer is given. */
    private final Set<String> exact;
    private final List<String> suffixes;

    private ClassNames(Set<String> exact, List<String> suffixes) {
        this.exact = exact;
        this.suffixes = suffixes;
    }

    /** Exactly these classes, by binary name ({@code a.b.C}, {@code a.b.C$Inner}). */
    public static ClassNames of(String... binaryNames) {
        Set<String> exact = new HashSet<>();
        for (String name : binaryNames) {
            exact.add(name.replace('.', '/'));
        }
        return new ClassNames(Set.copyOf(exact), List.of());
    }

    /** These names and every class whose simple name ends with {@code suffix} (e.g. {@code Driver}). */
    public ClassNames orEndingWith(String suffix) {
        List<String> more = new ArrayList<>(suffixes);
        more.add(suffix);
        return new ClassNames(exact, List.copyOf(more));
    }

    /** The names of both. */
    public ClassNames or(ClassNames other) {
        Set<String> allExact = new HashSet<>(exact);
        allExact.addAll(other.exact);
        List<String> allSuffixes = new ArrayList<>(suffixes);
        allSuffixes.addAll(other.suffixes);
        return new ClassNames(Set.copyOf(allExact), List.copyOf(allSuffixes));
    }

    public boolean isEmpty() {
        return exact.isEmpty() && suffixes.isEmpty();
    }

    /** Whether {@code internalName} ({@code a/b/C}) is one of these names. */
    public boolean contains(String internalName) {
        if (exact.contains(internalName)) {
            return true;
        }
        for (String suffix : suffixes) {
            if (internalName.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }
}
