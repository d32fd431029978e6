package dev.chokepoint.agent.otlp;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class OtlpExportTest {

    @Test
    void bridgedMetersReachTheSdkWithTheirNamesUnitsAndTags() {
        InMemoryMetricReader reader = InMemoryMetricReader.create();
        SdkMeterProvider provider = SdkMeterProvider.builder().registerMetricReader(reader).build();
        MeterRegistry registry = OtlpExport.bridge(provider);

        Timer timer = Timer.builder("chokepoint.jdbc.query").tag("query", "select ? from t").register(registry);
        timer.record(Duration.ofMillis(12));
        timer.record(Duration.ofMillis(8));
        Counter.builder("chokepoint.cpu.throttled").baseUnit("seconds").register(registry).increment(1.5);
        Collection<MetricData> metrics = reader.collectAllMetrics();

        MetricData query = named(metrics, "chokepoint.jdbc.query");
        assertThat(query.getUnit()).isEqualTo("s");
        assertThat(query.getHistogramData().getPoints()).singleElement().satisfies(point -> {
            assertThat(point.getCount()).isEqualTo(2);
            assertThat(point.getSum()).isCloseTo(0.020, org.assertj.core.api.Assertions.within(1e-9));
            assertThat(point.getAttributes().asMap().toString()).contains("query=select ? from t");
        });
        assertThat(named(metrics, "chokepoint.cpu.throttled").getDoubleSumData().getPoints())
                .singleElement().satisfies(point -> assertThat(point.getValue()).isEqualTo(1.5));
        provider.close();
    }

    @Test
    void startPushesOtlpHttpProtobufToTheEndpoint() throws IOException {
        try (OtlpReceiver receiver = new OtlpReceiver()) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            MeterRegistry registry = OtlpExport.start(receiver.endpoint(), Duration.ofMillis(200),
                    new PrintStream(err, true, StandardCharsets.UTF_8))
                    .orElseThrow(() -> new AssertionError(err.toString(StandardCharsets.UTF_8)));

            Counter.builder("chokepoint.otlp.test").register(registry).increment(3);

            // The periodic reader pushes on its own thread; poll until an export carries the meter.
            await().atMost(Duration.ofSeconds(30)).until(() -> receiver.received("chokepoint.otlp.test"));
            assertThat(receiver.contentTypes()).contains("application/x-protobuf");
            assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        }
    }

    private static MetricData named(Collection<MetricData> metrics, String name) {
        return metrics.stream().filter(metric -> metric.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in " + metrics));
    }
}
