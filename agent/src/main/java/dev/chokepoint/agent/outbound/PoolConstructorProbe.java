package dev.chokepoint.agent.outbound;

import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.InstrumentingProbe;
import dev.chokepoint.agent.probe.ProbeContext;
import dev.chokepoint.agent.probe.weave.MethodHooks;
import dev.chokepoint.agent.probe.weave.MethodMatch;
import dev.chokepoint.agent.probe.weave.ProbeAdvice;
import dev.chokepoint.agent.probe.weave.TypeMatch;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A probe that finds a library's pools as they are constructed and registers each one's meters:
 * every constructor of the pool classes returns through
 * {@code PoolConstructorProbe.created(this, <pool class>, "<probe id>")}. Nothing is woven into
 * the pools' lease or borrow paths: the gauges read the pool when scraped, so a request pays
 * nothing.
 *
 * <p>A pool is admitted once (constructors call each other, each returns through the hook), held
 * weakly, named by its creation site ({@link CreationSite}) and counted against
 * {@value #MAX_POOLS} live pools per probe ({@link LivePools}). Its class is read through getters
 * looked up on the library's own class; one of another shape switches the probe off with one line
 * on stderr, and the application runs on.
 *
 * @param <V> what the meters read: a view of one pool holding it weakly
 */
public abstract class PoolConstructorProbe<V> extends InstrumentingProbe {

    /** Applications have a few pools of a kind; a cap guards the scrape against pools made in a loop. */
    public static final int MAX_POOLS = 16;

    /** Hooks can only call static methods: they find their probe here, by id. */
    private static final Map<String, PoolConstructorProbe<?>> BOUND = new ConcurrentHashMap<>();

    private final List<String> poolClasses;
    private final List<String> libraryPackages;
    private final LivePools pools = new LivePools(MAX_POOLS);
    private volatile ProbeContext context;

    /**
     * @param poolClasses     the pool classes whose constructors are hooked, by binary name
     * @param libraryPackages the library's package prefixes, whose frames never name a pool
     */
    protected PoolConstructorProbe(String id, List<String> poolClasses, List<String> libraryPackages) {
        super(id, ClassNames.of(poolClasses.toArray(String[]::new)));
        this.poolClasses = List.copyOf(poolClasses);
        this.libraryPackages = List.copyOf(libraryPackages);
    }

    /**
     * A view of {@code pool}, an instance of {@code library} (one of the pool classes) or of a
     * subclass; throws when {@code library} has not the shape the view reads.
     */
    protected abstract V view(Object pool, Class<?> library) throws ReflectiveOperationException;

    /** Registers the meters reading {@code view} for the pool named {@code name}; returns what removes them. */
    protected abstract Runnable register(V view, String name, MeterRegistry registry);

    @Override
    public final void bind(ProbeContext probeContext) {
        context = probeContext;
        BOUND.put(id(), this);
    }

    @Override
    public final List<ProbeAdvice> advice() {
        String id = id();
        return List.of(ProbeAdvice.of(TypeMatch.named(poolClasses.toArray(String[]::new)))
                .on(MethodMatch.constructor(), MethodHooks.onExit(code -> code
                        .thisObject().ownClass().constant(id).callStatic(PoolConstructorProbe.class, "created"))));
    }

    /**
     * What the pool constructors' hooks call as they return. Runs on the application's thread,
     * once per pool and constructor: a lookup when the pool is known or there is no room, else a
     * stack walk and the meters' registration.
     */
    public static void created(Object pool, Class<?> library, String probeId) {
        PoolConstructorProbe<?> probe = BOUND.get(probeId);
        if (probe != null && pool != null) {
            probe.track(pool, library);
        }
    }

    private void track(Object pool, Class<?> library) {
        ProbeContext probeContext = context;
        if (probeContext == null || !probeContext.isOn(id()) || !pools.admits(pool)) {
            return;
        }
        V view;
        try {
            view = view(pool, library);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError changedShape) {
            probeContext.failed(id(), library.getName() + " has not the shape its meters read (" + changedShape
                    + "); no meters for its pools, the application runs on");
            return;
        }
        MeterRegistry registry = probeContext.registry();
        pools.admit(pool, CreationSite.here(libraryPackages), name -> register(view, name, registry));
    }

    /** Pools whose meters are registered now (tests). */
    final int tracked() {
        return pools.size();
    }
}
