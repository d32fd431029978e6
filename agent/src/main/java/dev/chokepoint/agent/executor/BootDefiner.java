package dev.chokepoint.agent.executor;

import java.security.ProtectionDomain;

/**
 * Defines a class in the bootstrap loader with {@code jdk.internal.misc.Unsafe}. Never loaded by
 * the agent's class loader: {@link BootDefinition} defines it in a private loader of its own and
 * exports {@code jdk.internal.misc} to that loader's module only, so that the application's
 * classes (which share the agent loader's unnamed module) gain no access to it.
 */
public final class BootDefiner {

    private BootDefiner() {
    }

    public static void define(String name, byte[] classFile) throws ReflectiveOperationException {
        Class<?> unsafeType = Class.forName("jdk.internal.misc.Unsafe");
        Object unsafe = unsafeType.getMethod("getUnsafe").invoke(null);
        unsafeType.getMethod("defineClass", String.class, byte[].class, int.class, int.class, ClassLoader.class,
                ProtectionDomain.class).invoke(unsafe, name, classFile, 0, classFile.length, null, null);
    }
}
