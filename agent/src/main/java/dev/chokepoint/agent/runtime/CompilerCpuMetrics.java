package dev.chokepoint.agent.runtime;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * {@code chokepoint.jit.cpu} (seconds counter): the JIT compiler threads' CPU time, where Linux's
 * per-thread files can be read. A cold JVM's compiling is CPU that does not grow with load: the
 * collector takes it out of the process's CPU when one early step is all it has to read a demand
 * per request from. See docs/metrics.md.
 *
 * <p>Micrometer holds only a weak reference to {@code cpu}; whoever binds this keeps it reachable.
 */
public final class CompilerCpuMetrics implements MeterBinder {

    private final CompilerCpu cpu;

    public CompilerCpuMetrics(CompilerCpu cpu) {
        this.cpu = cpu;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        if (!cpu.readable()) {
            return;
        }
        FunctionCounter.builder("chokepoint.jit.cpu", cpu, CompilerCpu::seconds)
                .baseUnit("seconds")
                .description("CPU time of the JIT compiler threads (user + system, from /proc/self/task)")
                .register(registry);
    }
}
