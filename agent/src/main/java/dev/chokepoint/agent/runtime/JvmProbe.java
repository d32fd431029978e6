package dev.chokepoint.agent.runtime;

import dev.chokepoint.agent.probe.MeterProbe;
import dev.chokepoint.agent.probe.ProbeContext;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmHeapPressureMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;

/**
 * GC pauses, heap after GC, GC overhead, memory pools and thread states, all from Micrometer's own
 * binders (the names Spring Boot Actuator also exposes). Instruments no class.
 *
 * <p>The GC and heap-pressure binders hold GC notification listeners for the life of the JVM;
 * the agent never closes them because it lives exactly as long.
 */
public final class JvmProbe extends MeterProbe {

    public JvmProbe() {
        super("jvm");
    }

    @Override
    public void bind(ProbeContext context) {
        new JvmGcMetrics().bindTo(context.registry());
        new JvmHeapPressureMetrics().bindTo(context.registry());
        new JvmMemoryMetrics().bindTo(context.registry());
        new JvmThreadMetrics().bindTo(context.registry());
    }
}
