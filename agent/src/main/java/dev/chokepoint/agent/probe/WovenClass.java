package dev.chokepoint.agent.probe;

import net.bytebuddy.ByteBuddy;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.TypeResolutionStrategy;
import net.bytebuddy.dynamic.scaffold.MethodGraph;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.pool.TypePool;

/**
 * One class being rewritten with probes' advice, from the class file the JVM handed to the agent.
 *
 * <p>This is Byte Buddy without its {@code AgentBuilder}: the agent's transformer already knows
 * which classes to touch (by name, {@link ClassNames}), and making Byte Buddy's own transformer
 * costs a Java 9+ module-aware class it generates at start-up (≈ 400 classes loaded, 0.3 s) plus
 * the builder's machinery, on the application's main thread when its first named class loads.
 * What is kept is what the agent used of it:
 * <ul>
 *   <li>{@code decorate}: advice inlined into methods the class declares; no member added, so the
 *       same rewrite is valid at load time and when retransforming a loaded class;</li>
 *   <li>types described from class files ({@link TypePool}), lazily: the class's own bytes first,
 *       then its loader's resources, then the agent's (where the advice classes are), so no class
 *       is loaded to be matched or woven;</li>
 *   <li>a method graph of declared methods only: decorating still lists the class's methods
 *       through it, and the default graph reads the class file of every super type to do so;</li>
 *   <li>no type validation (it checks members a builder defines, none here; the JVM verifies the
 *       result) and no implementation context (nothing generated beside the advice).</li>
 * </ul>
 * Not thread-safe: one instance per class being transformed.
 */
public final class WovenClass {

    private static final ByteBuddy ADVICE_ONLY = new ByteBuddy()
            .with(TypeValidation.DISABLED)
            .with(MethodGraph.Compiler.ForDeclaredMethods.INSTANCE)
            .with(Implementation.Context.Disabled.Factory.INSTANCE);

    /** Where the class being woven and the classes it names are read from. */
    static final class Sources {

        private final ClassFileLocator locator;
        private final TypePool pool;

        private Sources(ClassLoader loader, String binaryName, byte[] classFile) {
            this.locator = new ClassFileLocator.Compound(
                    ClassFileLocator.Simple.of(binaryName, classFile),
                    ClassFileLocator.ForClassLoader.of(loader),
                    ClassFileLocator.ForClassLoader.of(WovenClass.class.getClassLoader()));
            this.pool = new TypePool.Default.WithLazyResolution(new TypePool.CacheProvider.Simple(), locator,
                    TypePool.Default.ReaderMode.FAST);
        }

        ClassFileLocator locator() {
            return locator;
        }

        TypeDescription describe(String binaryName) {
            return pool.describe(binaryName).resolve();
        }
    }

    private final Sources sources;
    private final TypeDescription type;
    private DynamicType.Builder<?> builder;

    /**
     * @param loader     the class's defining loader, {@code null} for the bootstrap loader
     * @param binaryName {@code a.b.C}
     * @param classFile  the bytes the JVM would define
     */
    public WovenClass(ClassLoader loader, String binaryName, byte[] classFile) {
        this.sources = new Sources(loader, binaryName, classFile);
        this.type = sources.describe(binaryName);
    }

    /** The class as its class file describes it, for the probes' type matchers. */
    public TypeDescription type() {
        return type;
    }

    /**
     * Adds {@code advice}'s rewrites. The advice classes are read here, so a missing or malformed
     * one throws now and leaves the rewrites added before it in place.
     */
    public void apply(ProbeAdvice advice) {
        DynamicType.Builder<?> current = builder == null ? ADVICE_ONLY.decorate(type, sources.locator()) : builder;
        for (AsmVisitorWrapper visitor : advice.visitors(sources)) {
            current = current.visit(visitor);
        }
        builder = current;
    }

    /** Whether any advice was added. */
    public boolean changed() {
        return builder != null;
    }

    /** The rewritten class file; only after {@link #apply}. */
    public byte[] bytes() {
        return builder.make(TypeResolutionStrategy.Disabled.INSTANCE, sources.pool).getBytes();
    }
}
