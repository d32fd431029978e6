package dev.chokepoint.agent.probe.weave;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One class being rewritten with probes' hooks, from the class file the JVM handed to the agent,
 * with ASM alone: no class is loaded, no frame recomputed, no member added (so the same rewrite is
 * valid at load time and when a loaded class is retransformed).
 *
 * <p>Before this, the agent inlined Byte Buddy {@code Advice}: ≈ 700 of Byte Buddy's classes
 * (its type pool, type descriptions, advice machinery) loaded and compiled while the application's
 * first named class loaded, most of what the agent added to a fast service's start-up.
 * Not thread-safe: one instance per class being transformed.
 */
public final class WovenClass {

    private final byte[] classFile;
    private final ClassHeader type;
    private final Map<String, HookPlan> plans = new LinkedHashMap<>();
    private ClassShape shape;

    /**
     * @param loader     the class's defining loader, {@code null} for the bootstrap loader
     * @param binaryName {@code a.b.C}, for messages
     * @param classFile  the bytes the JVM would define
     */
    public WovenClass(ClassLoader loader, String binaryName, byte[] classFile) {
        this.classFile = classFile;
        this.type = ClassHeader.of(classFile, loader);
        if (!type.name().equals(binaryName)) {
            throw new IllegalArgumentException("the class file given for " + binaryName + " is " + type.name());
        }
    }

    /** The class as its class file's header describes it, for the probes' type matches. */
    public ClassHeader type() {
        return type;
    }

    /**
     * Adds {@code advice}'s hooks to the methods it matches. All of them are checked first: a hook
     * that cannot be woven throws, naming the method, and leaves the hooks added before in place.
     */
    public void apply(ProbeAdvice advice) {
        if (shape == null) {
            shape = new ClassShape(new ClassReader(classFile));
        }
        Map<String, HookPlan> adding = new LinkedHashMap<>();
        for (ProbeAdvice.MethodAdvice wanted : advice.methods()) {
            for (MethodShape method : shape.methods()) {
                if (!wanted.match().matches(method.name(), method.descriptor())) {
                    continue;
                }
                String misfit = wanted.match().misfit(method.descriptor());
                if (misfit != null) {
                    throw new IllegalStateException("cannot hook " + method + ": " + misfit);
                }
                String key = method.name() + method.descriptor();
                if (plans.containsKey(key) || adding.containsKey(key)) {
                    throw new IllegalStateException("cannot hook " + method + " twice");
                }
                adding.put(key, HookPlan.of(method, wanted.hooks()));
            }
        }
        plans.putAll(adding);
    }

    /** Whether any method got hooks. */
    public boolean changed() {
        return !plans.isEmpty();
    }

    /** The rewritten class file. */
    public byte[] bytes() {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new HookWeaver(writer, plans), ClassReader.EXPAND_FRAMES);
        return writer.toByteArray();
    }
}
