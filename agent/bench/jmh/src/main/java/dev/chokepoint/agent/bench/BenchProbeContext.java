package dev.chokepoint.agent.bench;

import dev.chokepoint.agent.probe.ProbeContext;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The probe context a benchmark installs the agent's helpers with: the registry the agent itself
 * makes (Prometheus, default config), no options, every probe on.
 */
final class BenchProbeContext implements ProbeContext {

    private final MeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    @Override
    public MeterRegistry registry() {
        return registry;
    }

    @Override
    public String option(String name, String defaultValue) {
        return defaultValue;
    }

    @Override
    public void failed(String probeId, String reason) {
        throw new IllegalStateException("probe " + probeId + " failed in a benchmark: " + reason);
    }

    @Override
    public boolean isOn(String probeId) {
        return true;
    }

    /** {@code on} or {@code off}, the benchmarks' {@code probe} parameter. */
    static boolean on(String probe) {
        switch (probe) {
            case "on":
                return true;
            case "off":
                return false;
            default:
                throw new IllegalArgumentException("probe must be on or off, got " + probe);
        }
    }
}
