package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.probe.ClassNames;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;
import java.util.function.Supplier;

/**
 * The agent's class file transformer as the JVM sees it: a name test in front of Byte Buddy's,
 * which is made only when the first class a probe names ({@link ClassNames}) loads.
 *
 * <p>Every class the application loads passes through here. Byte Buddy's per-class work (locking,
 * a type description, the ignore and type matchers) and the JIT compilation of that path were,
 * with its class loading, most of the CPU the agent added to a Spring Boot start; now the other
 * classes cost a hash lookup. Byte Buddy's own start-up (its builder, the transformer class it
 * generates for Java 9+ modules: ~1000 classes, most of premain) is made on the agent's thread
 * ({@link #prepare}) beside the application's start, or by the first named class if that comes first.
 *
 * <p>Classes of the bootstrap and platform loaders pass untouched, as Byte Buddy's default ignores
 * have it ({@link AgentIgnores}): {@code java.sql.Driver} must not wake Byte Buddy up.
 */
final class NameFilteredTransformer implements ClassFileTransformer {

    private final ClassNames names;
    private final Supplier<ClassFileTransformer> byteBuddy;
    private final ThreadLocal<Boolean> making = new ThreadLocal<>();
    private volatile ClassFileTransformer made;

    /**
     * @param byteBuddy makes Byte Buddy's transformer; called at most once, never throws (it
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
                || !names.contains(internalName)) {
            return null;
        }
        ClassFileTransformer transformer = byteBuddy();
        return transformer == null ? null
                : transformer.transform(module, loader, internalName, classBeingRedefined, protectionDomain, classFile);
    }

    /** Makes Byte Buddy's transformer ahead of the first named class, if not made yet. */
    void prepare() {
        byteBuddy();
    }

    /**
     * Byte Buddy's transformer, made on first use. Other threads that load a named class meanwhile
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
