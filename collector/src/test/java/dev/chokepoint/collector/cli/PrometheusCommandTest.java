package dev.chokepoint.collector.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.chokepoint.collector.Main;
import dev.chokepoint.collector.prometheus.FakePrometheus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code analyze --prometheus}: a Prometheus that cannot give the window gets a partial report, never a plain verdict. */
class PrometheusCommandTest {

    private static final long T0 = 1_764_450_000_000L;

    @TempDir
    Path dir;

    private final CapturedConsole captured = new CapturedConsole();
    private final Console console = captured.console();

    private Path runFolder() throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve("steps.csv"), "step,start_ms,end_ms,offered_rps,hey_csv\n"
                + "1," + T0 + "," + (T0 + 15_000) + ",20,\n2," + (T0 + 15_000) + "," + (T0 + 30_000) + ",60,\n");
        new PrometheusWindow("http://127.0.0.1:1", "{job=\"market\"}", T0, T0 + 30_000, java.util.List.of("stairs"),
                "--steps", run.resolve("steps.csv").toString()).write(run);
        return run;
    }

    private JsonNode report(Path run) throws Exception {
        return new ObjectMapper().readTree(run.resolve("report.json").toFile());
    }

    @Test
    void an_unreachable_prometheus_gets_a_partial_report_naming_it_and_exit_code_3() throws Exception {
        Path run = runFolder();
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port;

        int code = Main.execute(console, "analyze", run.toString(), "--prometheus", url, "--selector", "{job=\"market\"}");

        assertThat(code).as(captured.err()).isEqualTo(ExitCodes.RECORDING_FAILED);
        assertThat(captured.err()).contains(url, "unreachable");
        JsonNode report = report(run);
        assertThat(report.path("partial").asBoolean()).isTrue();
        assertThat(report.path("gaps").get(0).asText()).contains(url);
        assertThat(report.path("headline").asText()).startsWith("Partial data: ");
        assertThat(Files.readString(run.resolve("report.md"))).contains("**Partial data**");
    }

    @Test
    void a_gap_in_the_window_marks_the_report_partial_and_names_the_instance() throws Exception {
        Path run = runFolder();
        try (FakePrometheus prometheus = new FakePrometheus(r -> {
            Map<Map<String, String>, Function<Long, Double>> series = new LinkedHashMap<>();
            Function<Long, Boolean> scraped = t -> t < T0 + 20_000; // the last 10 s never reached Prometheus
            if (r.query().startsWith("timestamp(")) {
                series.put(Map.of("instance", "a:9464"), t -> scraped.apply(t) ? t / 1000.0 : null);
            } else if (r.query().startsWith("up{")) {
                series.put(Map.of("__name__", "up", "instance", "a:9464"), t -> scraped.apply(t) ? 1.0 : null);
            } else {
                series.put(Map.of("__name__", "tomcat_threads_busy_threads", "instance", "a:9464"),
                        t -> scraped.apply(t) ? 1.0 : null);
            }
            return new FakePrometheus.Answer(200, FakePrometheus.matrix(r, series));
        })) {
            int code = Main.execute(console, "analyze", run.toString(), "--prometheus", prometheus.uri().toString(),
                    "--selector", "{job=\"market\"}");

            assertThat(code).as(captured.err()).isEqualTo(ExitCodes.OK);
            JsonNode report = report(run);
            assertThat(report.path("partial").asBoolean()).isTrue();
            assertThat(report.path("gaps").get(0).asText()).contains("a:9464", "(11 s)");
            assertThat(report.path("headline").asText()).startsWith("Partial data: ");
            assertThat(captured.err()).contains("partial data: no scrape of a:9464");
        }
    }

    @Test
    void a_prometheus_run_folder_analyzed_without_prometheus_says_how_to_analyze_it() throws Exception {
        Path run = runFolder();

        int code = Main.execute(console, "analyze", run.toString());

        assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err()).contains("run --prometheus", "--selector");
    }

    @Test
    void prometheus_without_a_selector_is_a_usage_error() throws Exception {
        Path run = runFolder();

        int code = Main.execute(console, "analyze", run.toString(), "--prometheus", "http://127.0.0.1:9090");

        assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(captured.err()).contains("--selector");
    }
}
