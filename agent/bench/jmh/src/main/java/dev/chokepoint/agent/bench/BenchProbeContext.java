package dev.chokepoint.agent.bench;

import dev.chokepoint.agent.exposition.EndpointClock;
import dev.chokepoint.agent.exposition.MetricsEndpoint;
import dev.chokepoint.agent.probe.ProbeContext;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * The probe context a benchmark installs the agent's helpers with: the registry the agent itself
 * makes (Prometheus, default config, its wall clock ticked by a metrics endpoint's thread on a
 * loopback port, as in the agent), no options, every probe on.
 */
final class BenchProbeContext implements ProbeContext {

    private final PrometheusMeterRegistry registry =
            new PrometheusMeterRegistry(PrometheusConfig.DEFAULT, new PrometheusRegistry(), new EndpointClock());

    BenchProbeContext() {
        MetricsEndpoint endpoint = MetricsEndpoint.open("127.0.0.1", 0, registry, System.err).orElseThrow();
        Thread serving = new Thread(endpoint::serve, "bench-metrics-endpoint");
        serving.setDaemon(true);
        serving.start();
    }

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
