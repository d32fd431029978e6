package dev.chokepoint.agent.runtime;

import dev.chokepoint.agent.probe.MeterProbe;
import dev.chokepoint.agent.probe.ProbeContext;
import io.micrometer.core.instrument.binder.jvm.JvmCompilationMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmHeapPressureMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;

import java.nio.file.Path;

/**
 * GC pauses, heap after GC, GC overhead, memory pools, thread states and time spent JIT compiling,
 * from Micrometer's own binders (the names Spring Boot Actuator also exposes), and the compiler
 * threads' and G1's concurrent threads' CPU ({@link JvmThreadCpuMetrics}). Instruments no class.
 * Both are CPU the JVM spends that does not grow with load as the requests' does: what a
 * utilization-law fit cannot otherwise tell from the requests' demand. Micrometer's {@code jvm.compilation.time} is the
 * compilations' elapsed time, which a starved host stretches; the CPU is what the collector reads.
 *
 * <p>The GC and heap-pressure binders hold GC notification listeners for the life of the JVM;
 * the agent never closes them because it lives exactly as long.
 */
public final class JvmProbe extends MeterProbe {

    /** Strong reference to what the thread-CPU meters read: Micrometer's reference is weak. */
    private JvmThreadCpu threadCpu;

    public JvmProbe() {
        super("jvm");
    }

    @Override
    public void bind(ProbeContext context) {
        new JvmGcMetrics().bindTo(context.registry());
        new JvmHeapPressureMetrics().bindTo(context.registry());
        new JvmMemoryMetrics().bindTo(context.registry());
        new JvmThreadMetrics().bindTo(context.registry());
        new JvmCompilationMetrics().bindTo(context.registry());
        threadCpu = new JvmThreadCpu(Path.of("/"));
        new JvmThreadCpuMetrics(threadCpu).bindTo(context.registry());
    }
}
