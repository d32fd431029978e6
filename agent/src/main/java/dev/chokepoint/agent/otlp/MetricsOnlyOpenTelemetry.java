package dev.chokepoint.agent.otlp;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.MeterProvider;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.context.propagation.ContextPropagators;

/**
 * An {@link OpenTelemetry} with only a meter provider: the bridge needs nothing else, and leaving
 * out the full SDK keeps its trace and log modules out of the agent jar.
 */
final class MetricsOnlyOpenTelemetry implements OpenTelemetry {

    private final MeterProvider meterProvider;

    MetricsOnlyOpenTelemetry(MeterProvider meterProvider) {
        this.meterProvider = meterProvider;
    }

    @Override
    public MeterProvider getMeterProvider() {
        return meterProvider;
    }

    @Override
    public TracerProvider getTracerProvider() {
        return TracerProvider.noop();
    }

    @Override
    public ContextPropagators getPropagators() {
        return ContextPropagators.noop();
    }
}
