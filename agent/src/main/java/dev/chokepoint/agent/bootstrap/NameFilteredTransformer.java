package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.probe.ClassNames;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;
import java.util.function.Supplier;

/**
 * The agent's class file transformer as the JVM sees it: a name test in front of the probes'
 * ({@link ProbeTransformer}), which is made only when the first class a probe names
 * ({@link ClassNames}) loads.
 *
 * <p>Every class the application loads passes through here. Per-class work (when the agent used
 * Byte Buddy's {@code AgentBuilder}: locking, a type description, the ignore and type matchers)
 * and the JIT compilation of that path were, with the class loading, most of the CPU the agent
 * added to a Spring Boot start; now the other classes cost a hash lookup, and an application
 * that loads no named class never loads the weaver.
 *
 * <p>Classes of the bootstrap and platform loaders pass untouched ({@code java.sql.Driver} must
 * not wake the weaver up), and so do the agent's own, its shaded libraries included: its probes
 * must never rewrite it.
 */
final class NameFilteredTransformer implements ClassFileTransformer {

    private static final String AGENT_PACKAGE = "dev/chokepoint/agent/";

    private final ClassNames names;
    private final Supplier<ClassFileTransformer> byteBuddy;
    private final ThreadLocal<Boolean> making = new ThreadLocal<>();
    private volatile ClassFileTransformer made;

    /**
     * @param byteBuddy makes the probes' transformer; called at most once, never throws (it
     *                  reports a failure itself and returns a transformer that changes nothing)
     */
    NameFilteredTransformer(ClassNames names, Supplier<ClassFileTransformer> byteBuddy) {
        this.names = names;
        this.byteBuddy = byteBuddy;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String internalName, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classFile) throws IllegalClassFormatException {
        if (internalName == null || loader == null || loader == ClassLoader.getPlatformClassLoader()
                || !names.contains(internalName) || internalName.startsWith(AGENT_PACKAGE)) {
            return null;
        }
        ClassFileTransformer transformer = byteBuddy();
        return transformer == null ? null
                : transformer.transform(module, loader, internalName, classBeingRedefined, protectionDomain, classFile);
    }

    /** Makes the probes' transformer ahead of the first named class, if not made yet. */
    void prepare() {
        byteBuddy();
    }

    /**
     * The probes' transformer, made on first use. Other threads that load a named class meanwhile
     * wait for it, once, as they would for a class initializer; a named class loaded by the making
     * itself (on this thread) is left as it is.
     */
    private ClassFileTransformer byteBuddy() {
        ClassFileTransformer current = made;
        if (current != null || making.get() != null) {
            return current;
        }
        synchronized (this) {
            if (made == null) {
                making.set(Boolean.TRUE);
                try {
                    made = byteBuddy.get();
                } finally {
                    making.remove();
                }
            }
            return made;
        }
    }
}
