package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.probe.ClassNames;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;

import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;

/**
 * The agent's class file transformer as the JVM sees it: a name test in front of Byte Buddy's.
 * Every class the application loads passes through it; only those some probe names
 * ({@link ClassNames}) reach Byte Buddy, whose per-class work (locking, a type description, the
 * ignore and type matchers) and the JIT compilation of that path were, with its class loading,
 * most of the CPU the agent added to a Spring Boot start.
 *
 * <p>A class without a name (none in practice since Java 15's hidden classes bypass transformers)
 * is passed on, as Byte Buddy decides what to do with those.
 */
final class NameFilteredTransformer extends ResettableClassFileTransformer.WithDelegation {

    private final ClassNames names;

    private NameFilteredTransformer(ResettableClassFileTransformer byteBuddy, ClassNames names) {
        super(byteBuddy);
        this.names = names;
    }

    /** Installs the filter in front of the transformer the builder makes. */
    static AgentBuilder.TransformerDecorator filtering(ClassNames names) {
        return byteBuddy -> new NameFilteredTransformer(byteBuddy, names);
    }

    @Override
    public byte[] transform(ClassLoader loader, String internalName, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classFile) throws IllegalClassFormatException {
        if (internalName != null && !names.contains(internalName)) {
            return null;
        }
        return classFileTransformer.transform(loader, internalName, classBeingRedefined, protectionDomain, classFile);
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String internalName, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classFile) throws IllegalClassFormatException {
        if (internalName != null && !names.contains(internalName)) {
            return null;
        }
        return classFileTransformer.transform(module, loader, internalName, classBeingRedefined, protectionDomain,
                classFile);
    }
}
