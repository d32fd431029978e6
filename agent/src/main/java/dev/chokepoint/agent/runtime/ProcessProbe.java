package dev.chokepoint.agent.runtime;

import dev.chokepoint.agent.probe.ClassNames;
import dev.chokepoint.agent.probe.Probe;
import dev.chokepoint.agent.probe.ProbeContext;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import net.bytebuddy.agent.builder.AgentBuilder;

import java.util.Optional;

/**
 * Process and host CPU (usage, CPU time, core count), open and maximum file descriptors, and the
 * cgroup's CPU quota and throttling. Instruments no class.
 */
public final class ProcessProbe implements Probe {

    /** Strong reference to what the cgroup meters read: Micrometer's references are weak. */
    private Optional<CgroupCpu> cgroup = Optional.empty();

    @Override
    public String id() {
        return "process";
    }

    @Override
    public ClassNames classNames() {
        return ClassNames.NONE;
    }

    @Override
    public AgentBuilder instrument(AgentBuilder builder, ProbeContext context) {
        new ProcessorMetrics().bindTo(context.registry());
        new FileDescriptorMetrics().bindTo(context.registry());
        cgroup = CgroupLocator.locateOwn();
        cgroup.ifPresent(found -> new CgroupCpuMetrics(found).bindTo(context.registry()));
        return builder;
    }
}
