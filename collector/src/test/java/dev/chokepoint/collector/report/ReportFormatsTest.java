package dev.chokepoint.collector.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.analysis.AnalysisResult;
import dev.chokepoint.collector.analysis.CaseFixture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The three formats written from one analysed run (the pool case): what a reader and a CI job rely on. */
class ReportFormatsTest {

    @TempDir
    static Path out;
    static AnalysisResult result;

    @BeforeAll
    static void analyse_the_pool_case() throws Exception {
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        result = Analysis.run(pool.run, pool.steps, AnalysisOptions.defaults(), out);
    }

    @Test
    void writes_every_asked_format_to_its_file() {
        assertThat(result.written()).extracting(p -> p.getFileName().toString())
                .containsExactly("report.md", "report.json", "report.html");
    }

    @Test
    void headline_names_capacity_at_the_knee_and_what_saturated_first_with_when_and_evidence() {
        assertThat(result.headline())
                .startsWith("Capacity ≈ 100 RPS at p95 ≤ 300 ms, p99 ≤ 1 s, errors ≤ 1 %; at 200 RPS the connection pool saturated first, from ")
                .contains(" in step 4 (pending ")
                .contains("10/10 active")
                .endsWith("Tomcat workers followed as a consequence");
        assertThat(result.sloMet()).as("step 4 missed the SLO").isFalse();
    }

    @Test
    void markdown_first_line_is_the_headline() throws Exception {
        List<String> lines = Files.readAllLines(out.resolve("report.md"));

        assertThat(lines.get(0)).isEqualTo("# " + result.headline());
        assertThat(String.join("\n", lines)).contains("| 4 | 200 |").contains("Rule `pool-exhausted`")
                .contains("## Utilization law");
    }

    @Test
    void json_has_the_documented_fields() throws Exception {
        JsonNode json = new ObjectMapper().readTree(out.resolve("report.json").toFile());

        assertThat(json.get("schema").asInt()).isEqualTo(1);
        assertThat(json.get("headline").asText()).isEqualTo(result.headline());
        assertThat(json.get("knee").get("step").asInt()).isEqualTo(3);
        assertThat(json.get("slo").get("met").asBoolean()).isFalse();
        JsonNode steps = json.get("steps");
        assertThat(steps).hasSize(4);
        assertThat(steps.get(0).get("index").asInt()).isEqualTo(1);
        assertThat(steps.get(0).get("firstSaturated").get("resource").asText()).isEqualTo("none");
        assertThat(steps.get(0).get("firstSaturated").get("headroom").get("resource").asText()).isNotEmpty();
        assertThat(steps.get(0).get("onsetMillis").isNull()).isTrue();
        JsonNode four = steps.get(3);
        assertThat(four.get("firstSaturated").get("resource").asText()).isEqualTo("connection-pool");
        assertThat(four.get("firstSaturated").get("rule").asText()).isEqualTo("pool-exhausted");
        assertThat(four.get("onsetMillis").asLong()).isBetween(four.get("startMillis").asLong(), four.get("endMillis").asLong());
        assertThat(four.get("firstSaturated").get("evidence").get("pool_pending").asDouble()).isGreaterThan(1);
        assertThat(four.get("consequences").get(0).get("explainedBy").asText()).isEqualTo("connection-pool");
        assertThat(four.get("traffic").get("p95Seconds").asDouble()).isGreaterThan(0.3);
        assertThat(json.get("prediction").get("resource").asText()).isNotEmpty();
        assertThat(json.get("rules").findValuesAsText("id")).contains("pool-exhausted");
    }

    @Test
    void html_is_self_contained_with_a_chart_per_resource() throws Exception {
        String html = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);

        assertThat(html).contains("<svg").contains("connection pool").contains("first: pool-exhausted")
                .doesNotContain("<script").doesNotContain("src=\"http").doesNotContain("href=\"http");
    }

    @Test
    void only_the_asked_formats_are_written(@TempDir Path dir) throws Exception {
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");

        AnalysisResult md = Analysis.run(pool.run, pool.steps, new AnalysisOptions(List.of(), null, Set.of("md")), dir);

        assertThat(md.written()).containsExactly(dir.resolve("report.md"));
        assertThat(dir.resolve("report.json")).doesNotExist();
    }
}
