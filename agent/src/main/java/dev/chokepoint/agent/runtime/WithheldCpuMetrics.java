package dev.chokepoint.agent.runtime;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * {@code chokepoint.cpu.steal} (seconds counter), {@code chokepoint.cpu.runnable} (gauge) and,
 * where PSI exists, {@code chokepoint.cpu.pressure.some} / {@code .full} (seconds counters,
 * tagged {@code scope} cgroup or host). See docs/metrics.md.
 *
 * <p>Micrometer holds only weak references to {@code cpu}; whoever binds this keeps it reachable.
 */
public final class WithheldCpuMetrics implements MeterBinder {

    private final WithheldCpu cpu;

    public WithheldCpuMetrics(WithheldCpu cpu) {
        this.cpu = cpu;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("chokepoint.cpu.steal", cpu, WithheldCpu::stealSeconds)
                .baseUnit("seconds")
                .description("Host CPU time stolen by the hypervisor (all cores added up); divide its rate by system.cpu.count")
                .register(registry);
        Gauge.builder("chokepoint.cpu.runnable", cpu, WithheldCpu::runnableThreads)
                .baseUnit("threads")
                .description("Threads on the host running or waiting for a core, now (/proc/loadavg)")
                .register(registry);
        if (cpu.hasPressure()) {
            FunctionCounter.builder("chokepoint.cpu.pressure.some", cpu, WithheldCpu::pressureSomeSeconds)
                    .baseUnit("seconds").tag("scope", cpu.pressureScope())
                    .description("Time at least one runnable task waited for a core (PSI some)")
                    .register(registry);
            FunctionCounter.builder("chokepoint.cpu.pressure.full", cpu, WithheldCpu::pressureFullSeconds)
                    .baseUnit("seconds").tag("scope", cpu.pressureScope())
                    .description("Time all non-idle tasks waited for a core at once (PSI full)")
                    .register(registry);
        }
    }
}
