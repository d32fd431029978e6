package dev.chokepoint.agent.otlp;

import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.exporter.otlp.http.metrics.OtlpHttpMetricExporter;
import io.opentelemetry.instrumentation.micrometer.v1_5.OpenTelemetryMeterRegistry;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;

import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * Pushes the agent's meters over OTLP/HTTP with the OpenTelemetry SDK: a Micrometer registry
 * bridged to an SDK meter provider whose periodic reader exports to {@code endpoint}. The
 * provider is flushed and shut down when the JVM exits, so the last interval is not lost.
 */
public final class OtlpExport {

    private OtlpExport() {
    }

    /** A registry to add beside the Prometheus one, or empty after printing why there is none. */
    public static Optional<MeterRegistry> start(URI endpoint, Duration interval, PrintStream err) {
        try {
            SdkLogging.toStderr(err);
            OtlpHttpMetricExporter exporter = OtlpHttpMetricExporter.builder().setEndpoint(endpoint.toString()).build();
            MetricReader reader = PeriodicMetricReader.builder(exporter).setInterval(interval).build();
            SdkMeterProvider provider = SdkMeterProvider.builder().registerMetricReader(reader).build();
            Runtime.getRuntime().addShutdownHook(new Thread(provider::close, "chokepoint-otlp-shutdown"));
            return Optional.of(bridge(provider));
        } catch (RuntimeException | LinkageError e) {
            err.println("chokepoint: no OTLP export to " + endpoint + ": " + e + "; check otlp.endpoint");
            return Optional.empty();
        }
    }

    /** The Micrometer registry that records into {@code provider}; also what the tests drive. */
    static MeterRegistry bridge(SdkMeterProvider provider) {
        return OpenTelemetryMeterRegistry.builder(new MetricsOnlyOpenTelemetry(provider)).build();
    }
}
