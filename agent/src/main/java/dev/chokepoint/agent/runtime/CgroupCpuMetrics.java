package dev.chokepoint.agent.runtime;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * CPU quota and throttling of the process's cgroup (docs/metrics.md): {@code chokepoint.cpu.quota.cores}
 * (registered only when a quota is set, so "absent" means "unlimited"), and the counters
 * {@code chokepoint.cpu.throttled} (seconds), {@code chokepoint.cpu.throttled.periods} and
 * {@code chokepoint.cpu.periods}.
 *
 * <p>Micrometer holds only weak references to {@code cgroup}; whoever binds this keeps the binder
 * (and so the cgroup) reachable.
 */
public final class CgroupCpuMetrics implements MeterBinder {

    private final CgroupCpu cgroup;

    public CgroupCpuMetrics(CgroupCpu cgroup) {
        this.cgroup = cgroup;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        if (cgroup.quotaCores().isPresent()) {
            Gauge.builder("chokepoint.cpu.quota.cores", cgroup, c -> c.quotaCores().orElse(Double.NaN))
                    .description("CPU cores the cgroup may use per enforcement period (quota / period)")
                    .register(registry);
        }
        FunctionCounter.builder("chokepoint.cpu.throttled", cgroup, CgroupCpu::throttledSeconds)
                .baseUnit("seconds")
                .description("Time the cgroup's tasks were throttled by the CPU quota")
                .register(registry);
        FunctionCounter.builder("chokepoint.cpu.throttled.periods", cgroup, CgroupCpu::throttledPeriods)
                .description("Enforcement periods in which the cgroup was throttled")
                .register(registry);
        FunctionCounter.builder("chokepoint.cpu.periods", cgroup, CgroupCpu::periods)
                .description("Enforcement periods elapsed while the cgroup had runnable tasks")
                .register(registry);
    }
}
