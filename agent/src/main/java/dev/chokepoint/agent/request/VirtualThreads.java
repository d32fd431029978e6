package dev.chokepoint.agent.request;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Whether a thread is virtual, on any Java the agent runs on: {@code Thread.isVirtual()} is Java
 * 21's, and the agent is compiled for 17, so it is called through a method handle (a constant the
 * JIT inlines: as cheap as the direct call). On 17 no thread is virtual.
 */
public final class VirtualThreads {

    private static final MethodHandle IS_VIRTUAL = isVirtual();

    private VirtualThreads() {
    }

    public static boolean isVirtual(Thread thread) {
        try {
            return (boolean) IS_VIRTUAL.invokeExact(thread);
        } catch (Throwable unexpected) {
            return false; // isVirtual throws nothing; the handle's signature makes javac ask
        }
    }

    private static MethodHandle isVirtual() {
        MethodType type = MethodType.methodType(boolean.class, Thread.class);
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException beforeJava21) {
            return MethodHandles.dropArguments(MethodHandles.constant(boolean.class, false), 0, Thread.class)
                    .asType(type);
        }
    }
}
