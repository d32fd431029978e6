package dev.chokepoint.collector.prometheus;

import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.Series;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the reader makes of Prometheus's answers, the failures above all. */
class PrometheusReaderTest {

    private static final long T0 = 1_764_450_000_000L;
    private static final long END = T0 + 30_000;
    private static final Selector MARKET = Selector.parse("{job=\"market\"}");

    /** Instance b has no scrape from T0+10 s to T0+19 s; a is complete. */
    private static FakePrometheus.Answer gappy(FakePrometheus.Request r) {
        Function<Long, Boolean> bScraped = t -> t < T0 + 10_000 || t >= T0 + 20_000;
        Map<Map<String, String>, Function<Long, Double>> series = new LinkedHashMap<>();
        if (r.query().startsWith("timestamp(")) {
            series.put(Map.of("instance", "a:9464", "job", "market"), t -> t / 1000.0);
            // Look-back repeats b's last sample through the gap: its timestamp stays at T0+9 s.
            series.put(Map.of("instance", "b:9464", "job", "market"), t -> bScraped.apply(t) ? t / 1000.0 : (T0 + 9_000) / 1000.0);
        } else if (r.query().startsWith("up{")) {
            series.put(Map.of("__name__", "up", "instance", "a:9464", "job", "market"), t -> 1.0);
            series.put(Map.of("__name__", "up", "instance", "b:9464", "job", "market"), t -> 1.0);
        } else {
            series.put(Map.of("__name__", "hikaricp_connections_max", "instance", "a:9464", "job", "market", "pool", "m"), t -> 10.0);
            series.put(Map.of("__name__", "hikaricp_connections_max", "instance", "b:9464", "job", "market", "pool", "m"), t -> 10.0);
        }
        return new FakePrometheus.Answer(200, FakePrometheus.matrix(r, series));
    }

    private static PrometheusReader reader(URI uri) {
        return new PrometheusReader(new PrometheusClient(uri, Duration.ofSeconds(5)), MARKET, 1000);
    }

    @Test
    void a_stretch_without_scrapes_is_a_gap_and_its_repeated_values_are_dropped() throws Exception {
        try (FakePrometheus prometheus = new FakePrometheus(PrometheusReaderTest::gappy)) {
            RunData run = reader(prometheus.uri()).read(T0, END);

            assertThat(run.targets()).containsExactly("a:9464", "b:9464");
            assertThat(run.gaps()).singleElement().asString()
                    .contains("b:9464", prometheus.uri().toString(), "(8 s)");
            Series b = run.named("hikaricp_connections_max").stream()
                    .filter(s -> s.key().target().equals("b:9464")).findFirst().orElseThrow();
            // A sample up to 2.5 scrape steps old still counts (one missed scrape is not a gap), so
            // of the 10 s without scrapes the last 8 are missing.
            assertThat(b.size()).isEqualTo(31 - 8);
            assertThat(b.key().labels()).containsOnlyKeys("pool");
            assertThat(run.named("hikaricp_connections_max").stream()
                    .filter(s -> s.key().target().equals("a:9464")).findFirst().orElseThrow().size()).isEqualTo(31);
        }
    }

    @Test
    void a_complete_window_has_no_gaps() throws Exception {
        try (FakePrometheus prometheus = new FakePrometheus(r -> {
            Map<Map<String, String>, Function<Long, Double>> series = new LinkedHashMap<>();
            if (r.query().startsWith("timestamp(")) {
                series.put(Map.of("instance", "a:9464"), t -> (t - 300) / 1000.0); // scraped 300 ms before each point
            } else if (r.query().startsWith("up{")) {
                series.put(Map.of("__name__", "up", "instance", "a:9464"), t -> 1.0);
            } else {
                series.put(Map.of("__name__", "tomcat_threads_busy_threads", "instance", "a:9464", "name", "http"), t -> 2.0);
            }
            return new FakePrometheus.Answer(200, FakePrometheus.matrix(r, series));
        })) {
            RunData run = reader(prometheus.uri()).read(T0, END);

            assertThat(run.gaps()).isEmpty();
            assertThat(run.events()).isEmpty();
            assertThat(run.named("tomcat_threads_busy_threads")).singleElement()
                    .satisfies(s -> assertThat(s.size()).isEqualTo(31));
        }
    }

    @Test
    void an_error_answer_names_the_server_the_status_and_prometheus_own_error() throws Exception {
        try (FakePrometheus prometheus = new FakePrometheus(r -> new FakePrometheus.Answer(503,
                "{\"status\":\"error\",\"errorType\":\"unavailable\",\"error\":\"TSDB not ready\"}"))) {
            assertThatThrownBy(() -> reader(prometheus.uri()).read(T0, END))
                    .isInstanceOf(PrometheusException.class)
                    .hasMessageContaining(prometheus.uri().toString())
                    .hasMessageContaining("HTTP 503")
                    .hasMessageContaining("TSDB not ready");
        }
    }

    @Test
    void a_body_that_is_not_prometheus_json_is_quoted() throws Exception {
        try (FakePrometheus prometheus = new FakePrometheus(r -> new FakePrometheus.Answer(200, "<html>proxy login</html>"))) {
            assertThatThrownBy(() -> reader(prometheus.uri()).read(T0, END))
                    .hasMessageContaining(prometheus.uri().toString()).hasMessageContaining("proxy login");
        }
    }

    @Test
    void nothing_scraped_for_the_selector_says_which_selector_and_where_to_look() throws Exception {
        try (FakePrometheus prometheus = new FakePrometheus(r -> new FakePrometheus.Answer(200,
                FakePrometheus.matrix(r, Map.of())))) {
            assertThatThrownBy(() -> reader(prometheus.uri()).read(T0, END))
                    .hasMessageContaining("up{job=\"market\"}")
                    .hasMessageContaining("--selector")
                    .hasMessageContaining(prometheus.uri() + "/targets");
        }
    }

    @Test
    void an_unreachable_server_is_named() throws Exception {
        URI dead;
        try (FakePrometheus gone = new FakePrometheus(r -> new FakePrometheus.Answer(200, ""))) {
            dead = gone.uri();
        }
        assertThatThrownBy(() -> reader(dead).read(T0, END))
                .hasMessageContaining(dead.toString())
                .hasMessageContaining("unreachable");
    }

    @Test
    void selectors_are_label_matchers_in_braces() {
        assertThat(Selector.parse(" {job=\"market\", instance=~\"10\\\\..*\"} ").withNames("x_.+"))
                .isEqualTo("{__name__=~\"x_.+\",job=\"market\", instance=~\"10\\\\..*\"}");
        assertThatThrownBy(() -> Selector.parse("market")).hasMessageContaining("in braces");
        assertThatThrownBy(() -> Selector.parse("{job=market}")).hasMessageContaining("label matchers");
        assertThatThrownBy(() -> Selector.parse("{}")).hasMessageContaining("label matchers");
        assertThatThrownBy(() -> Selector.parse("{__name__=\"up\"}")).hasMessageContaining("__name__");
    }
}
