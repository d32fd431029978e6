package dev.chokepoint.agent.hikari;

import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.ProbeTarget;
import io.micrometer.core.instrument.MeterRegistry;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.loading.ClassInjector;

import java.lang.reflect.Constructor;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the Hikari advice calls: wraps the factory a pool is given in a
 * {@code tracker.ChokepointTrackerFactory}, and binds each pool's meters when Hikari asks that
 * factory for a tracker.
 *
 * <p>Class loaders: the tracker classes implement Hikari interfaces, so they must be defined
 * where Hikari's classes are. When the agent's loader sees the same Hikari (plain class path),
 * they load from the agent jar as usual; otherwise (Spring Boot fat jar, webapp) their bytes are
 * injected into Hikari's loader once, with Byte Buddy's {@link ClassInjector}.
 */
public final class HikariTracking {

    static final String FACTORY_INTERFACE = "com.zaxxer.hikari.metrics.MetricsTrackerFactory";
    static final String TRACKER_PACKAGE = "dev.chokepoint.agent.hikari.tracker.";
    static final String WRAPPER = TRACKER_PACKAGE + "ChokepointTrackerFactory";
    private static final List<String> TRACKER_CLASSES = List.of(
            WRAPPER, TRACKER_PACKAGE + "ChokepointTracker", TRACKER_PACKAGE + "PoolStatsGauges");
    /** Pools are few; the cap guards against an application creating pools in a loop. */
    static final int MAX_POOLS = 20;

    private static final ClassValue<Constructor<?>> WRAPPER_BY_HIKARI = new ClassValue<>() {
        @Override
        protected Constructor<?> computeValue(Class<?> hikariClass) {
            return wrapperConstructor(hikariClass.getClassLoader());
        }
    };
    private static final Map<String, HikariPoolMetrics> POOLS = new ConcurrentHashMap<>();
    private static final ProbeTarget<MeterRegistry> REGISTRY = new ProbeTarget<>(HikariProbe.ID);

    private HikariTracking() {
    }

    /** Switches wrapping on; pools started after {@code probeContext} reports the probe off keep their own factory. */
    public static void install(MeterRegistry meterRegistry, ProbeContext probeContext) {
        REGISTRY.install(meterRegistry, probeContext);
    }

    /**
     * The factory to hand to the pool in place of {@code applicationFactory} (which may be null).
     * Returns {@code applicationFactory} itself when off or already wrapped.
     */
    public static Object wrap(Object applicationFactory, Class<?> hikariClass) {
        if (REGISTRY.get() == null || (applicationFactory != null
                && applicationFactory.getClass().getName().equals(WRAPPER))) {
            return applicationFactory;
        }
        try {
            return WRAPPER_BY_HIKARI.get(hikariClass).newInstance(applicationFactory);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError notWrapped) {
            return applicationFactory;
        }
    }

    /** Binds {@code pool}'s meters, replacing those of an earlier tracker for the same pool. */
    public static HikariPoolMetrics bind(String pool, PoolGauges gauges) {
        HikariPoolMetrics metrics = new HikariPoolMetrics(pool, gauges);
        MeterRegistry target = REGISTRY.get();
        HikariPoolMetrics previous = POOLS.remove(pool);
        if (previous != null) {
            previous.close();
        }
        if (target != null && POOLS.size() < MAX_POOLS) {
            POOLS.put(pool, metrics);
            metrics.bindTo(target);
        }
        return metrics;
    }

    private static Constructor<?> wrapperConstructor(ClassLoader hikariLoader) {
        try {
            Class<?> factoryInterface = Class.forName(FACTORY_INTERFACE, false, hikariLoader);
            ClassLoader agentLoader = HikariTracking.class.getClassLoader();
            Class<?> wrapper = seesSameHikari(agentLoader, factoryInterface)
                    ? Class.forName(WRAPPER, true, agentLoader)
                    : inject(hikariLoader, agentLoader).get(WRAPPER);
            return wrapper.getConstructor(factoryInterface);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Hikari tracker classes unusable: " + e, e);
        }
    }

    private static boolean seesSameHikari(ClassLoader agentLoader, Class<?> factoryInterface) {
        try {
            return Class.forName(FACTORY_INTERFACE, false, agentLoader) == factoryInterface;
        } catch (ClassNotFoundException notVisible) {
            return false;
        }
    }

    private static Map<String, Class<?>> inject(ClassLoader hikariLoader, ClassLoader agentLoader) {
        Set<String> names = new LinkedHashSet<>(TRACKER_CLASSES);
        ClassFileLocator agentJar = ClassFileLocator.ForClassLoader.of(agentLoader);
        ClassInjector injector = ClassInjector.UsingReflection.isAvailable()
                ? new ClassInjector.UsingReflection(hikariLoader)
                : new ClassInjector.UsingUnsafe(hikariLoader);
        return injector.injectRaw(names, agentJar);
    }
}
