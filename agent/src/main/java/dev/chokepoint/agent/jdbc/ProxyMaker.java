package dev.chokepoint.agent.jdbc;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;

/**
 * Makes the agent's proxies of one JDBC interface, marked {@link JdbcProxies.Timed}, through the
 * proxy class's constructor found once. {@link Proxy#newProxyInstance} looks the proxy class up on
 * every call (a caller-class stack walk, a cache keyed by a fresh interface list, a reflective
 * constructor call): ≈ 90 bytes and, until the JIT has compiled all of it, tens of microseconds per
 * statement, which is what made the JVM slow to warm up with the agent.
 */
final class ProxyMaker<T> {

    private static final MethodType CONSTRUCTOR = MethodType.methodType(Object.class, InvocationHandler.class);

    private final Class<T> type;
    /** Set on first use (the first connection or statement of its kind); null if it could not be found. */
    private volatile MethodHandle constructor;
    private volatile boolean resolved;

    ProxyMaker(Class<T> type) {
        this.type = type;
    }

    T make(InvocationHandler handler) {
        MethodHandle made = resolved ? constructor : resolve(handler);
        if (made != null) {
            try {
                return type.cast((Object) made.invokeExact(handler));
            } catch (Throwable unexpected) {
                // A public constructor taking the handler: nothing it does can fail; fall through.
            }
        }
        return type.cast(newProxy(handler));
    }

    /** True once proxies are made through the found constructor (not {@link Proxy#newProxyInstance}). */
    boolean direct() {
        return resolved && constructor != null;
    }

    private synchronized MethodHandle resolve(InvocationHandler handler) {
        if (!resolved) {
            try {
                Class<?> proxyClass = newProxy(handler).getClass();
                constructor = MethodHandles.publicLookup()
                        .unreflectConstructor(proxyClass.getConstructor(InvocationHandler.class))
                        .asType(CONSTRUCTOR);
            } catch (ReflectiveOperationException | RuntimeException notAccessible) {
                constructor = null; // every proxy then goes through Proxy.newProxyInstance
            }
            resolved = true;
        }
        return constructor;
    }

    private Object newProxy(InvocationHandler handler) {
        return Proxy.newProxyInstance(JdbcProxies.Timed.class.getClassLoader(),
                new Class<?>[] {type, JdbcProxies.Timed.class}, handler);
    }
}
