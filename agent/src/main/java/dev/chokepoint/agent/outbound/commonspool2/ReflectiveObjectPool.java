package dev.chokepoint.agent.outbound.commonspool2;

import dev.chokepoint.agent.outbound.Getter;

import java.lang.ref.WeakReference;

/**
 * Reads a commons-pool2 {@code GenericObjectPool} through getters looked up on the library's own
 * class: the same numbers its JMX bean publishes (which Micrometer's
 * {@code CommonsObjectPool2Metrics} reads), without JMX, which applications often turn off
 * ({@code jmxEnabled=false}) and which names pools by a counter. The pool is held weakly.
 */
public final class ReflectiveObjectPool implements ObjectPoolView {

    private final WeakReference<Object> pool;
    private final Getter active;
    private final Getter idle;
    private final Getter waiters;
    private final Getter max;
    /** Optional: a release without them still has the gauges above. */
    private final Getter meanBorrowWait;
    private final Getter maxBorrowWait;
    private final Getter factoryType;

    private ReflectiveObjectPool(Object pool, Class<?> library) throws ReflectiveOperationException {
        this.pool = new WeakReference<>(pool);
        active = Getter.of(library, "getNumActive");
        idle = Getter.of(library, "getNumIdle");
        waiters = Getter.of(library, "getNumWaiters");
        max = Getter.of(library, "getMaxTotal");
        meanBorrowWait = Getter.optional(library, "getMeanBorrowWaitTimeMillis");
        maxBorrowWait = Getter.optional(library, "getMaxBorrowWaitTimeMillis");
        factoryType = Getter.optional(library, "getFactoryType");
    }

    /** A view of {@code pool}, an instance of {@code library}; throws when {@code library} has another shape. */
    public static ReflectiveObjectPool of(Object pool, Class<?> library) throws ReflectiveOperationException {
        return new ReflectiveObjectPool(pool, library);
    }

    @Override
    public double active() {
        return read(active);
    }

    @Override
    public double idle() {
        return read(idle);
    }

    @Override
    public double waiters() {
        return read(waiters);
    }

    /** commons-pool2 answers a negative maximum for "no limit": there is no capacity to compare with. */
    @Override
    public double max() {
        double value = read(max);
        return value < 0 ? Double.NaN : value;
    }

    @Override
    public double meanBorrowWaitMillis() {
        return read(meanBorrowWait);
    }

    @Override
    public double maxBorrowWaitMillis() {
        return read(maxBorrowWait);
    }

    @Override
    public String factoryType() {
        try {
            Object type = factoryType == null ? null : factoryType.get(pool.get());
            return type == null ? "unknown" : type.toString();
        } catch (Throwable unreadable) {
            return "unknown";
        }
    }

    private double read(Getter getter) {
        return getter == null ? Double.NaN : getter.number(pool.get());
    }
}
