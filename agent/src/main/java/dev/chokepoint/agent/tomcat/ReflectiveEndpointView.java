package dev.chokepoint.agent.tomcat;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * Reads an {@code org.apache.tomcat.util.net.AbstractEndpoint} through method handles resolved
 * once, on the endpoint's own class: Tomcat may live in a class loader the agent cannot name
 * (Spring Boot fat jar), and its JMX registry is off in Spring Boot, so neither static types
 * nor MBeans are available. These are the same getters Tomcat's own ThreadPool MBean reads.
 */
public final class ReflectiveEndpointView implements EndpointView {

    private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();

    /** Executor class → its queue-size reader ({@code null}: this executor does not say). */
    private static final ClassValue<MethodHandle> QUEUE_SIZE = new ClassValue<>() {
        @Override
        protected MethodHandle computeValue(Class<?> executorClass) {
            return queueSizeReader(executorClass);
        }
    };

    /** Executor class → its {@code getMaxThreads()} (a shared {@code <Executor>} knows its own maximum). */
    private static final ClassValue<MethodHandle> EXECUTOR_MAX = new ClassValue<>() {
        @Override
        protected MethodHandle computeValue(Class<?> executorClass) {
            return getter(executorClass, "getMaxThreads", int.class);
        }
    };

    private final Object endpoint;
    private final String name;
    private final MethodHandle busy;
    private final MethodHandle current;
    private final MethodHandle max;
    private final MethodHandle connections;
    private final MethodHandle maxConnections;
    private final MethodHandle executor;

    public ReflectiveEndpointView(Object endpoint) {
        this.endpoint = endpoint;
        Class<?> type = endpoint.getClass();
        this.busy = getter(type, "getCurrentThreadsBusy", int.class);
        this.current = getter(type, "getCurrentThreadCount", int.class);
        this.max = getter(type, "getMaxThreads", int.class);
        this.connections = getter(type, "getConnectionCount", long.class);
        this.maxConnections = getter(type, "getMaxConnections", int.class);
        this.executor = getter(type, "getExecutor", Executor.class);
        this.name = readName(endpoint, getter(type, "getName", String.class));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public double busyThreads() {
        return read(busy);
    }

    @Override
    public double currentThreads() {
        return read(current);
    }

    /** The endpoint's own maximum; with a shared executor Tomcat answers -1 there and the executor knows. */
    @Override
    public double maxThreads() {
        double own = read(max);
        if (!Double.isNaN(own)) {
            return own;
        }
        try {
            Object pool = executor == null ? null : executor.invoke(endpoint);
            MethodHandle poolMax = pool == null ? null : EXECUTOR_MAX.get(pool.getClass());
            return poolMax == null ? Double.NaN : ((Number) poolMax.invoke(pool)).doubleValue();
        } catch (Throwable unreadable) {
            return Double.NaN;
        }
    }

    @Override
    public double currentConnections() {
        return read(connections);
    }

    @Override
    public double maxConnections() {
        return read(maxConnections);
    }

    @Override
    public double queuedTasks() {
        try {
            Object pool = executor == null ? null : executor.invoke(endpoint);
            if (pool instanceof ThreadPoolExecutor jdkPool) {
                return jdkPool.getQueue().size();
            }
            MethodHandle size = pool == null ? null : QUEUE_SIZE.get(pool.getClass());
            return size == null ? Double.NaN : ((Number) size.invoke(pool)).doubleValue();
        } catch (Throwable unreadable) {
            return Double.NaN;
        }
    }

    /** Tomcat's own ThreadPoolExecutor has {@code getQueue()}; a shared StandardThreadExecutor has {@code getQueueSize()}. */
    private static MethodHandle queueSizeReader(Class<?> executorClass) {
        MethodHandle queueSize = getter(executorClass, "getQueueSize", int.class);
        if (queueSize != null) {
            return queueSize;
        }
        MethodHandle queue = getter(executorClass, "getQueue", java.util.concurrent.BlockingQueue.class);
        if (queue == null) {
            return null;
        }
        try {
            MethodHandle size = LOOKUP.findVirtual(java.util.Collection.class, "size", MethodType.methodType(int.class))
                    .asType(MethodType.methodType(int.class, java.util.concurrent.BlockingQueue.class));
            return MethodHandles.filterReturnValue(queue, size);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    private double read(MethodHandle getter) {
        if (getter == null) {
            return Double.NaN;
        }
        try {
            double value = ((Number) getter.invoke(endpoint)).doubleValue();
            // Tomcat answers -1 where the question has no answer (virtual threads: no worker pool).
            return value < 0 ? Double.NaN : value;
        } catch (Throwable unreadable) {
            return Double.NaN;
        }
    }

    private static String readName(Object endpoint, MethodHandle getter) {
        try {
            Object value = getter == null ? null : getter.invoke(endpoint);
            if (value != null) {
                return value.toString();
            }
        } catch (Throwable unreadable) {
            // fall through to a name that is at least stable for this endpoint object
        }
        return "endpoint-" + Integer.toHexString(System.identityHashCode(endpoint));
    }

    /** A public no-argument getter as a handle, or null when this class has none of that shape. */
    private static MethodHandle getter(Class<?> type, String name, Class<?> returnType) {
        try {
            return LOOKUP.findVirtual(type, name, MethodType.methodType(returnType));
        } catch (ReflectiveOperationException | SecurityException absent) {
            return null;
        }
    }
}
