package dev.chokepoint.agent.outbound;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;

/**
 * A public getter of a library class, looked up once on that class and called reflectively. The
 * agent never links against the pool libraries: they are optional, and they may live in a class
 * loader the agent cannot name (a Spring Boot fat jar, a webapp), so their classes are only ever
 * reached through an instance the application made.
 */
public final class Getter {

    private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();

    private final MethodHandle handle;
    private final Class<?> returnType;

    private Getter(MethodHandle handle, Class<?> returnType) {
        this.handle = handle;
        this.returnType = returnType;
    }

    /**
     * {@code type}'s public method {@code name} taking {@code parameters}; throws when {@code type}
     * has none (the library changed shape). Looked up on the library's public class, so that an
     * application's non-public subclass still dispatches to its own override.
     */
    public static Getter of(Class<?> type, String name, Class<?>... parameters) throws ReflectiveOperationException {
        Method method = type.getMethod(name, parameters);
        MethodType generic = MethodType.genericMethodType(parameters.length + 1);
        return new Getter(LOOKUP.unreflect(method).asType(generic), method.getReturnType());
    }

    /** Like {@link #of}, or {@code null} when {@code type} has no such method (an optional reading). */
    public static Getter optional(Class<?> type, String name) {
        try {
            return of(type, name);
        } catch (ReflectiveOperationException | RuntimeException absent) {
            return null;
        }
    }

    public Class<?> returnType() {
        return returnType;
    }

    /** The getter's answer on {@code target}; throws whatever the getter throws. */
    public Object get(Object target) throws Throwable {
        return handle.invokeExact(target);
    }

    /** The one-argument method's answer on {@code target} for {@code argument}. */
    public Object get(Object target, Object argument) throws Throwable {
        return handle.invokeExact(target, argument);
    }

    /** The answer as a number; {@code NaN} when {@code target} is null, the getter throws or answers no number. */
    public double number(Object target) {
        if (target == null) {
            return Double.NaN;
        }
        try {
            return get(target) instanceof Number value ? value.doubleValue() : Double.NaN;
        } catch (Throwable unreadable) {
            return Double.NaN;
        }
    }
}
