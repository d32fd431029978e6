package dev.chokepoint.agent.probe.weave;

import java.util.Set;

/**
 * Which classes a probe's hooks apply to, decided from the class file's header. Only classes
 * the probe names ({@code probe.ClassNames}) are ever asked.
 */
@FunctionalInterface
public interface TypeMatch {

    boolean matches(ClassHeader type);

    static TypeMatch named(String... binaryNames) {
        Set<String> names = Set.of(binaryNames);
        return type -> names.contains(type.name());
    }

    static TypeMatch nameEndsWith(String suffix) {
        return type -> type.name().endsWith(suffix);
    }

    static TypeMatch nameStartsWith(String prefix) {
        return type -> type.name().startsWith(prefix);
    }

    static TypeMatch concrete() {
        return type -> !type.isAbstract();
    }

    /** A super class or interface at any depth; see {@link ClassHeader#hasSuperType}. */
    static TypeMatch hasSuperType(String binaryName) {
        return type -> type.hasSuperType(binaryName);
    }

    default TypeMatch and(TypeMatch other) {
        return type -> matches(type) && other.matches(type);
    }

    default TypeMatch or(TypeMatch other) {
        return type -> matches(type) || other.matches(type);
    }

    default TypeMatch negate() {
        return type -> !matches(type);
    }
}
