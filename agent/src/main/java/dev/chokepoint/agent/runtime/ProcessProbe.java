package dev.chokepoint.agent.runtime;

import dev.chokepoint.agent.probe.MeterProbe;
import dev.chokepoint.agent.probe.ProbeContext;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Process and host CPU (usage, CPU time, core count), the process's start time and uptime, open
 * and maximum file descriptors, and the cgroup's CPU quota and throttling, and the CPU the machine
 * withheld (steal, runnable threads, CPU pressure). Instruments no class. The start time, with the
 * agent's own {@code chokepoint.agent.info}, is how the collector tells a restart.
 */
public final class ProcessProbe extends MeterProbe {

    /** Strong reference to what the cgroup meters read: Micrometer's references are weak. */
    private Optional<CgroupCpu> cgroup = Optional.empty();
    /** Strong reference, as above. */
    private WithheldCpu withheld;

    public ProcessProbe() {
        super("process");
    }

    @Override
    public void bind(ProbeContext context) {
        new ProcessorMetrics().bindTo(context.registry());
        new UptimeMetrics().bindTo(context.registry());
        new FileDescriptorMetrics().bindTo(context.registry());
        cgroup = CgroupLocator.locateOwn();
        cgroup.ifPresent(found -> new CgroupCpuMetrics(found).bindTo(context.registry()));
        withheld = new WithheldCpu(Path.of("/"), cgroup.filter(c -> c.version() == CgroupCpu.Version.V2)
                .map(CgroupCpu::directory));
        new WithheldCpuMetrics(withheld).bindTo(context.registry());
    }
}
