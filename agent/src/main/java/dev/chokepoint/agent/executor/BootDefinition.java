package dev.chokepoint.agent.executor;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.util.Map;
import java.util.Set;

/**
 * Puts one class into the bootstrap loader, for the executor probe's bridge. Byte Buddy's
 * {@code ClassInjector.UsingUnsafe.Factory} does the same by generating an accessor class with
 * Byte Buddy itself (≈ 0.2 s of CPU in a service's start-up, ≈ 900 classes on its own); the
 * accessor here is a class of the agent jar ({@link BootDefiner}), defined in a private loader
 * that alone is given {@code jdk.internal.misc}.
 */
final class BootDefinition {

    private static final String DEFINER = "dev.chokepoint.agent.executor.BootDefiner";

    private BootDefinition() {
    }

    /** Defines {@code name} from {@code classFile} in the bootstrap loader; throws if this JVM does not allow it. */
    static void define(Instrumentation instrumentation, String name, byte[] classFile)
            throws IOException, ReflectiveOperationException {
        ClassLoader agentLoader = BootDefinition.class.getClassLoader();
        byte[] definerFile;
        try (InputStream in = agentLoader.getResourceAsStream(DEFINER.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new IOException(DEFINER + " is not in the agent jar");
            }
            definerFile = in.readAllBytes();
        }
        Class<?> definer = new PrivateLoader(agentLoader).define(DEFINER, definerFile);
        instrumentation.redefineModule(Object.class.getModule(), Set.of(),
                Map.of("jdk.internal.misc", Set.of(definer.getModule())), Map.of(), Set.of(), Map.of());
        definer.getMethod("define", String.class, byte[].class).invoke(null, name, classFile);
    }

    /** Its own unnamed module: what the export above reaches. */
    private static final class PrivateLoader extends ClassLoader {

        PrivateLoader(ClassLoader parent) {
            super("chokepoint-boot-definer", parent);
        }

        Class<?> define(String name, byte[] classFile) {
            return defineClass(name, classFile, 0, classFile.length);
        }
    }
}
