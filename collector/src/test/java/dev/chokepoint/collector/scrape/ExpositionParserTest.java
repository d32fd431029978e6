package dev.chokepoint.collector.scrape;

import dev.chokepoint.collector.store.TargetIdentity;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExpositionParserTest {

    private static final String ESCAPED = "a\"b\\c\nd";

    @Test
    void micrometerTextFormatReadsBackEveryMeter() throws Exception {
        PrometheusMeterRegistry registry = givenRegistryWithOneOfEachMeter();

        List<ParsedSample> samples = ExpositionParser.parse(registry.scrape("text/plain"),
                ExpositionFormat.PROMETHEUS_TEXT);

        assertThat(value(samples, "orders_total", Map.of("shop", ESCAPED))).isEqualTo(17.0);
        assertThat(value(samples, "hikaricp_connections_pending", Map.of("pool", "p1"))).isEqualTo(37.0);
        assertThat(value(samples, "http_server_requests_seconds_count", Map.of("uri", "/orders"))).isEqualTo(3.0);
        assertThat(value(samples, "http_server_requests_seconds_bucket", Map.of("uri", "/orders", "le", "+Inf")))
                .isEqualTo(3.0);
        assertThat(value(samples, "http_server_requests_seconds_bucket", Map.of("uri", "/orders", "le", "0.3")))
                .isEqualTo(2.0);
        assertThat(sample(samples, "orders_total", Map.of("shop", ESCAPED)).monotonic()).isTrue();
        assertThat(sample(samples, "http_server_requests_seconds_bucket", Map.of("uri", "/orders", "le", "0.3"))
                .monotonic()).isTrue();
        assertThat(sample(samples, "hikaricp_connections_pending", Map.of("pool", "p1")).monotonic()).isFalse();
        assertThat(sample(samples, "http_server_requests_seconds_max", Map.of("uri", "/orders")).monotonic()).isFalse();
    }

    @Test
    void micrometerOpenMetricsFormatGivesTheSameSeriesWithoutCreatedLines() throws Exception {
        PrometheusMeterRegistry registry = givenRegistryWithOneOfEachMeter();

        List<ParsedSample> text = ExpositionParser.parse(registry.scrape("text/plain"),
                ExpositionFormat.PROMETHEUS_TEXT);
        List<ParsedSample> openMetrics = ExpositionParser.parse(registry.scrape("application/openmetrics-text"),
                ExpositionFormat.OPENMETRICS);

        assertThat(openMetrics).noneMatch(s -> s.name().endsWith("_created"));
        assertThat(openMetrics.stream().map(s -> s.name() + s.labels()).sorted().toList())
                .isEqualTo(text.stream().map(s -> s.name() + s.labels()).sorted().toList());
        assertThat(value(openMetrics, "orders_total", Map.of("shop", ESCAPED))).isEqualTo(17.0);
    }

    @Test
    void theAgentsIdentityReadsTheSameFromEitherFormat() throws Exception {
        // given the agent's info gauge and Micrometer's UptimeMetrics, as the agent registers them
        // (in OpenMetrics the gauge's family is chokepoint_agent of type info; its sample keeps _info)
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Gauge.builder("chokepoint.agent.info", () -> 1).tags("agent_instance", "6f1c2a52-0c57-4a0e-9d3e-4b7f6c1f2a10",
                "pid", "4242").register(registry);
        new UptimeMetrics().bindTo(registry);

        TargetIdentity text = identity(ExpositionParser.parse(registry.scrape("text/plain"),
                ExpositionFormat.PROMETHEUS_TEXT));
        TargetIdentity openMetrics = identity(ExpositionParser.parse(registry.scrape("application/openmetrics-text"),
                ExpositionFormat.OPENMETRICS));

        assertThat(text).isEqualTo(new TargetIdentity("6f1c2a52-0c57-4a0e-9d3e-4b7f6c1f2a10", "4242",
                ManagementFactory.getRuntimeMXBean().getStartTime()));
        assertThat(openMetrics).isEqualTo(text);
    }

    private static TargetIdentity identity(List<ParsedSample> samples) {
        TargetIdentity identity = TargetIdentity.UNKNOWN;
        for (ParsedSample s : samples) {
            identity = identity.with(s.name(), s.labels(), s.value());
        }
        return identity;
    }

    @Test
    void springBootActuatorBodyParses() throws Exception {
        List<ParsedSample> samples = ExpositionParser.parse(resource("actuator-prometheus.txt"),
                ExpositionFormat.PROMETHEUS_TEXT);

        assertThat(samples).hasSize(31);
        assertThat(value(samples, "hikaricp_connections_pending", Map.of("pool", "HikariPool-1"))).isEqualTo(37.0);
        assertThat(value(samples, "jvm_memory_used_bytes", Map.of("id", "CodeHeap 'non-profiled nmethods'")))
                .isEqualTo(1.2845696E7);
        assertThat(sample(samples, "http_server_requests_seconds_count", Map.of("status", "404")).monotonic())
                .isTrue();
        assertThat(sample(samples, "jvm_gc_pause_seconds_sum", Map.of()).monotonic()).isTrue();
        assertThat(sample(samples, "tomcat_threads_busy_threads", Map.of()).monotonic()).isFalse();
    }

    @Test
    void openMetricsEdgeCases() throws Exception {
        List<ParsedSample> samples = ExpositionParser.parse(resource("openmetrics-edge-cases.txt"),
                ExpositionFormat.OPENMETRICS);

        ParsedSample orders = sample(samples, "orders_total", Map.of());
        assertThat(orders.labels()).containsEntry("shop", ESCAPED);
        assertThat(orders.timestampMillis()).isEqualTo(1_764_450_000_250L);
        assertThat(orders.monotonic()).isTrue();
        assertThat(samples).noneMatch(s -> s.name().endsWith("_created"));
        assertThat(value(samples, "latency_bucket", Map.of("le", "0.1"))).isEqualTo(3.0);
        assertThat(value(samples, "temperature", Map.of("room", "x"))).isNaN();
        assertThat(value(samples, "temperature", Map.of("room", "y"))).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(value(samples, "requests", Map.of())).isEqualTo(4500.0);
        assertThat(value(samples, "http.server.active", Map.of("uri", "/a"))).isEqualTo(2.0);
    }

    @Test
    void crlfAndIndentedLinesAreRead() throws Exception {
        List<ParsedSample> samples = ExpositionParser.parse("  # TYPE up_total counter\r\n\tup_total 3\r\n",
                ExpositionFormat.PROMETHEUS_TEXT);

        assertThat(samples).singleElement().satisfies(s -> {
            assertThat(s.name()).isEqualTo("up_total");
            assertThat(s.value()).isEqualTo(3.0);
            assertThat(s.monotonic()).isTrue();
        });
    }

    @Test
    void textFormatTimestampsAreMilliseconds() throws Exception {
        List<ParsedSample> samples = ExpositionParser.parse("up 1 1764450000250\n", ExpositionFormat.PROMETHEUS_TEXT);

        assertThat(samples.get(0).timestampMillis()).isEqualTo(1_764_450_000_250L);
    }

    @Test
    void malformedLinesNameTheLine() {
        assertThatThrownBy(() -> ExpositionParser.parse("# TYPE a gauge\na 1\nb{x=\"1} 2\n",
                ExpositionFormat.PROMETHEUS_TEXT))
                .isInstanceOf(ExpositionException.class).hasMessageStartingWith("line 3: unterminated quoted string");
        assertThatThrownBy(() -> ExpositionParser.parse("a 0x1p3\n", ExpositionFormat.PROMETHEUS_TEXT))
                .hasMessageStartingWith("line 1: not a number: '0x1p3'");
        assertThatThrownBy(() -> ExpositionParser.parse("a{x=1} 2\n", ExpositionFormat.PROMETHEUS_TEXT))
                .hasMessageContaining("must be a quoted string");
        assertThatThrownBy(() -> ExpositionParser.parse("a 1\n# EOF\nb 2\n", ExpositionFormat.OPENMETRICS))
                .hasMessageStartingWith("line 3: content after # EOF");
        assertThatThrownBy(() -> ExpositionParser.parse("<html>oops</html>\n", ExpositionFormat.PROMETHEUS_TEXT))
                .isInstanceOf(ExpositionException.class);
    }

    private static PrometheusMeterRegistry givenRegistryWithOneOfEachMeter() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Counter.builder("orders").tag("shop", ESCAPED).register(registry).increment(17);
        AtomicInteger pending = new AtomicInteger(37);
        Gauge.builder("hikaricp.connections.pending", pending, AtomicInteger::get).tag("pool", "p1")
                .register(registry);
        Timer timer = Timer.builder("http.server.requests").tag("uri", "/orders")
                .serviceLevelObjectives(Duration.ofMillis(5), Duration.ofMillis(300), Duration.ofSeconds(1))
                .register(registry);
        timer.record(Duration.ofMillis(2));
        timer.record(Duration.ofMillis(200));
        timer.record(Duration.ofMillis(800));
        return registry;
    }

    static ParsedSample sample(List<ParsedSample> samples, String name, Map<String, String> labels) {
        return samples.stream()
                .filter(s -> s.name().equals(name) && s.labels().entrySet().containsAll(labels.entrySet()))
                .findFirst().orElseThrow(() -> new AssertionError("no sample " + name + labels + " in " + samples));
    }

    private static double value(List<ParsedSample> samples, String name, Map<String, String> labels) {
        return sample(samples, name, labels).value();
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ExpositionParserTest.class.getResourceAsStream("/scrape/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
