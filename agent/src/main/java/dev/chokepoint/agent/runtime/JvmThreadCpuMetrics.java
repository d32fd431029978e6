package dev.chokepoint.agent.runtime;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * {@code chokepoint.jit.cpu} and {@code chokepoint.gc.concurrent.cpu} (seconds counters): the JIT
 * compiler threads' and G1's concurrent threads' CPU time, where Linux's per-thread files can be
 * read. Neither grows with load the way the requests' work does: a cold JVM compiles whatever the
 * load, and G1 marks concurrently while cores are idle and far less once they are full. The
 * collector takes both out of the process's CPU before it reads a demand per request. See
 * docs/metrics.md.
 *
 * <p>Micrometer holds only a weak reference to {@code cpu}; whoever binds this keeps it reachable.
 */
public final class JvmThreadCpuMetrics implements MeterBinder {

    private final JvmThreadCpu cpu;

    public JvmThreadCpuMetrics(JvmThreadCpu cpu) {
        this.cpu = cpu;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        if (!cpu.readable()) {
            return;
        }
        FunctionCounter.builder("chokepoint.jit.cpu", cpu, c -> c.seconds(JvmThreadCpu.Kind.COMPILER))
                .baseUnit("seconds")
                .description("CPU time of the JIT compiler threads (user + system, from /proc/self/task)")
                .register(registry);
        FunctionCounter.builder("chokepoint.gc.concurrent.cpu", cpu, c -> c.seconds(JvmThreadCpu.Kind.GC_CONCURRENT))
                .baseUnit("seconds")
                .description("CPU time of G1's concurrent threads: marking, refinement, service (user + system, from /proc/self/task)")
                .register(registry);
    }
}
