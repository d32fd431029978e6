package dev.chokepoint.agent.executor;

import dev.chokepoint.agent.executor.bridge.ExecutorBridge;
import dev.chokepoint.agent.label.LabelLimit;
import dev.chokepoint.agent.probe.MeterProbe;
import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.weave.HookCode;
import dev.chokepoint.agent.probe.weave.MethodHooks;
import dev.chokepoint.agent.probe.weave.MethodMatch;
import dev.chokepoint.agent.probe.weave.ProbeAdvice;
import dev.chokepoint.agent.probe.weave.TypeMatch;
import dev.chokepoint.agent.probe.weave.WovenClass;
import net.bytebuddy.dynamic.loading.ClassInjector;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

/**
 * Every {@code java.util.concurrent.ThreadPoolExecutor} (and so {@code ScheduledThreadPoolExecutor}
 * and Spring's {@code ThreadPoolTaskExecutor}) gets Micrometer's executor meters and
 * {@code chokepoint.executor.queued.time}, named by its threads ({@link ExecutorMetrics}).
 *
 * <p>{@code ThreadPoolExecutor} is a bootstrap class, outside the agent's shared transformer
 * (which, like Byte Buddy's defaults, leaves bootstrap classes alone): this probe puts the one
 * class its advice calls ({@link ExecutorBridge}) on the bootstrap class path and retransforms
 * that one class with a transformer of its own, which passes every other class. Advice only, no new
 * fields or methods: the retransformation is valid on a class loaded long ago. It runs on a
 * short-lived thread ({@code chokepoint-executors}) started when the probe binds, right after
 * premain, so executors constructed before it (rare: the JDK makes few) are not seen.
 */
public final class ExecutorProbe extends MeterProbe {

    static final String ID = "executors";
    static final int DEFAULT_MAX_NAMES = 50;
    private static final String EXECUTOR = "java.util.concurrent.ThreadPoolExecutor";
    private static final String EXECUTOR_INTERNAL = "java/util/concurrent/ThreadPoolExecutor";
    private static final String BRIDGE = "dev/chokepoint/agent/executor/bridge/ExecutorBridge.class";
    private static final String BRIDGE_NAME = "dev.chokepoint.agent.executor.bridge.ExecutorBridge";
    private static final String BRIDGE_INTERNAL = "dev/chokepoint/agent/executor/bridge/ExecutorBridge";
    private static final String TAKES_OBJECT = "(Ljava/lang/Object;)V";

    /** Strong reference: the meters read the groups it holds. */
    private volatile ExecutorMetrics metrics;

    public ExecutorProbe() {
        super(ID);
    }

    @Override
    public void bind(ProbeContext context) {
        int maxNames = LabelLimit.read(context, ID, "executors.max-names", DEFAULT_MAX_NAMES);
        Instrumentation instrumentation = context.instrumentation();
        if (maxNames < 0 || instrumentation == null) {
            return;
        }
        // The bridge's definition and the retransformation are done on a short-lived thread of
        // their own, so premain and the metrics endpoint do not wait for them.
        Thread installer = new Thread(() -> install(context, instrumentation, maxNames), "chokepoint-executors");
        installer.setDaemon(true);
        installer.start();
    }

    private void install(ProbeContext context, Instrumentation instrumentation, int maxNames) {
        try {
            putBridgeOnBootstrapClassPath(instrumentation);
        } catch (IOException | RuntimeException e) {
            context.failed(ID, "cannot put its bridge class on the bootstrap class path (" + e + "); no executor meters");
            return;
        }
        ExecutorMetrics bound = new ExecutorMetrics(maxNames);
        bound.bindTo(context.registry());
        metrics = bound;
        // Called, not assigned here: assigning an ExecutorTracking to the bridge's field in this
        // method would make the verifier load the bridge from the agent's loader first.
        ExecutorTracking.install(bound);
        try {
            instrumentation.addTransformer(new OnlyExecutor(context), true);
            instrumentation.retransformClasses(ThreadPoolExecutor.class);
        } catch (RuntimeException | LinkageError | UnmodifiableClassException e) {
            ExecutorTracking.uninstall();
            context.failed(ID, "could not instrument " + EXECUTOR + ": " + e + "; no executor meters");
        }
    }

    /**
     * Weaves the advice into {@code ThreadPoolExecutor} and passes every other class untouched.
     * Only that one class is retransformed: a general transformer's retransformation would walk
     * every loaded class. It stays registered (retransforming): another agent's later
     * retransformation of the class keeps the advice.
     */
    private static final class OnlyExecutor implements ClassFileTransformer {

        private final ProbeContext context;

        OnlyExecutor(ProbeContext context) {
            this.context = context;
        }

        @Override
        public byte[] transform(Module module, ClassLoader loader, String internalName, Class<?> classBeingRedefined,
                                ProtectionDomain protectionDomain, byte[] classFile) {
            if (!EXECUTOR_INTERNAL.equals(internalName)) {
                return null;
            }
            try {
                WovenClass executor = new WovenClass(loader, EXECUTOR, classFile);
                executor.apply(executorHooks());
                return executor.bytes();
            } catch (RuntimeException | LinkageError e) {
                // The class stays as it was, so nothing would ever call the helpers.
                ExecutorTracking.uninstall();
                context.failed(ID, "could not instrument " + EXECUTOR + ": " + e + "; no executor meters");
                return null;
            }
        }
    }

    /**
     * Defines the bridge class in the bootstrap loader directly ({@link BootDefinition}, else Byte
     * Buddy's Unsafe injector); otherwise appends a jar holding only it to the bootstrap class
     * path, which works everywhere but makes the JVM print a class-data-sharing warning on stderr.
     */
    private static void putBridgeOnBootstrapClassPath(Instrumentation instrumentation) throws IOException {
        byte[] bytes;
        try (InputStream in = ExecutorProbe.class.getClassLoader().getResourceAsStream(BRIDGE)) {
            if (in == null) {
                throw new IOException(BRIDGE + " is not in the agent jar");
            }
            bytes = in.readAllBytes();
        }
        try {
            BootDefinition.define(instrumentation, BRIDGE_NAME, bytes);
            return;
        } catch (IOException | ReflectiveOperationException | RuntimeException | LinkageError unavailable) {
            // Byte Buddy's injector below
        }
        try {
            ClassInjector.UsingUnsafe.Factory factory = ClassInjector.UsingUnsafe.Factory.resolve(instrumentation);
            if (factory.isAvailable()) {
                factory.make(null).injectRaw(Map.of(BRIDGE_NAME, bytes));
                return;
            }
        } catch (RuntimeException | LinkageError unavailable) {
            // the jar below
        }
        Path jar = Files.createTempFile("chokepoint-bridge", ".jar");
        jar.toFile().deleteOnExit();
        try (InputStream in = ExecutorProbe.class.getClassLoader().getResourceAsStream(BRIDGE);
             OutputStream file = Files.newOutputStream(jar);
             JarOutputStream out = new JarOutputStream(file)) {
            if (in == null) {
                throw new IOException(BRIDGE + " is not in the agent jar");
            }
            out.putNextEntry(new JarEntry(BRIDGE));
            in.transferTo(out);
            out.closeEntry();
        }
        instrumentation.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
    }

    /**
     * {@code ExecutorBridge.created(this)} when a constructor returns (the seven-argument one, which
     * the others call), {@code workerStarted(this)} as a worker starts, {@code submitted(task)} at
     * {@code execute}, {@code notQueued(task)} at {@code addWorker(firstTask, core)} and
     * {@code reject(task)} (the task never sits in the queue), {@code taken(this, task)} when
     * {@code getTask} returns. The bridge is named, not loaded: it must resolve in the bootstrap loader.
     */
    private static ProbeAdvice executorHooks() {
        HookCode notQueued = code -> code.argument(0).callStatic(BRIDGE_INTERNAL, "notQueued", TAKES_OBJECT);
        return ProbeAdvice.of(TypeMatch.named(EXECUTOR))
                .on(MethodMatch.constructor().arguments(7), MethodHooks.onExit(code -> code.thisObject()
                        .callStatic(BRIDGE_INTERNAL, "created", TAKES_OBJECT)))
                .on(MethodMatch.named("runWorker"), MethodHooks.onEnter(code -> code.thisObject()
                        .callStatic(BRIDGE_INTERNAL, "workerStarted", TAKES_OBJECT)))
                .on(MethodMatch.named("execute").arguments(1), MethodHooks.onEnter(code -> code.argument(0)
                        .callStatic(BRIDGE_INTERNAL, "submitted", TAKES_OBJECT)))
                .on(MethodMatch.named("addWorker"), MethodHooks.onEnter(notQueued))
                .on(MethodMatch.named("reject"), MethodHooks.onEnter(notQueued))
                .on(MethodMatch.named("getTask"), MethodHooks.onExit(code -> code.thisObject().returned()
                        .callStatic(BRIDGE_INTERNAL, "taken", "(Ljava/lang/Object;Ljava/lang/Object;)V")));
    }
}
