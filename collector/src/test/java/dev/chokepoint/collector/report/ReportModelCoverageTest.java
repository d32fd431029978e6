package dev.chokepoint.collector.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.analysis.RecordedRun;
import dev.chokepoint.collector.report.model.ModelBuilder;
import dev.chokepoint.collector.report.model.ReportModel;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One model, three formats: every field of the report model is documented in docs/report.md, and
 * every value report.json carries is shown by report.md and report.html too, unless it is listed
 * here as machine-only (ids that the human formats show by name, epoch times shown as clock
 * times). A field added to the model without being shown or listed fails here.
 */
class ReportModelCoverageTest {

    /** JSON keys whose values the human formats show in another form (ids by name, millis as clock times). */
    private static final Set<String> SHOWN_OTHERWISE = Set.of("schema", "resource", "id", "explainedBy",
            "actualResource", "startMillis", "endMillis", "onsetMillis", "timeMillis", "text", "met", "partial",
            "source", "stepSource", "saturated", "kind", "scope", "matched", "actualStep", "fromSteps", "step", "index",
            "limited", "stoppedMillis", "after");
    /** Numeric keys that the human formats show formatted (units, percentages). */
    private static final Set<String> NUMBERS_SHOWN = Set.of("offeredRps", "achievedRps", "requests", "p50Seconds",
            "p90Seconds", "p95Seconds", "p99Seconds", "errorRate", "utilization", "saturation", "errors", "boundRps",
            "utilizationPerRps", "requestRate", "requestShare", "evidence", "backgroundUtilization", "rps", "wallSeconds",
            "cpuSeconds", "poolWaitSeconds", "jdbcSeconds", "remoteSeconds", "callsPerSecond", "meanSeconds", "share",
            "backgroundHostCpu", "lowRps", "highRps");

    @Test
    void every_model_field_is_documented_in_the_report_schema() throws Exception {
        String docs = Files.readString(Path.of("..", "docs", "report.md"));
        String schema = docs.substring(docs.indexOf("## report.json"), docs.indexOf("## Rules"));
        List<String> fields = new ArrayList<>();
        fields(ReportModel.class, "", fields);

        assertThat(fields).isNotEmpty().allSatisfy(path -> {
            String leaf = path.substring(path.lastIndexOf('.') + 1).replace("[]", "");
            assertThat(Pattern.compile("[`.]" + Pattern.quote(leaf) + "(\\[])?[`(\\[ ,.]").matcher(schema).find())
                    .as("docs/report.md documents %s", path).isTrue();
        });
    }

    @Test
    void every_value_of_report_json_is_shown_by_markdown_and_html() throws Exception {
        RecordedRun run = RecordedRun.load(Path.of(getClass().getClassLoader().getResource("recorded/pool-ci").toURI()));
        ReportModel model = ModelBuilder.of(Analysis.analyze(run.run(), run.steps(), AnalysisOptions.defaults()));
        String md = render(new MarkdownReportWriter(), model);
        String html = render(new HtmlReportWriter(), model);
        JsonNode json = new ObjectMapper().readTree(render(new JsonReportWriter(), model));

        List<String> problems = new ArrayList<>();
        check("", json, md, html, problems);

        assertThat(problems).isEmpty();
    }

    private static void check(String key, JsonNode n, String md, String html, List<String> problems) {
        if (n.isObject()) {
            // evidence and labels are maps keyed by signal: their keys are shown as rows
            boolean map = key.equals("evidence") || key.equals("labels");
            n.fields().forEachRemaining(e -> {
                if (map && !md.contains(e.getKey())) {
                    problems.add("signal " + e.getKey() + " missing from report.md");
                }
                check(map ? key : e.getKey(), e.getValue(), md, html, problems);
            });
        } else if (n.isArray()) {
            n.forEach(x -> check(key, x, md, html, problems));
        } else if (SHOWN_OTHERWISE.contains(key) || n.isNull()) {
            return;
        } else if (n.isTextual()) {
            if (!md.contains(n.asText())) {
                problems.add(key + " '" + n.asText() + "' missing from report.md");
            }
            if (!html.contains(Html.escape(n.asText()))) {
                problems.add(key + " '" + n.asText() + "' missing from report.html");
            }
        } else if (!NUMBERS_SHOWN.contains(key)) {
            problems.add(key + " (" + n + "): new field; show it in ReportLayout or list it in this test");
        }
    }

    private static String render(ReportWriter w, ReportModel m) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        w.write(m, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static void fields(Class<?> type, String prefix, List<String> out) {
        for (RecordComponent c : type.getRecordComponents()) {
            if (c.isAnnotationPresent(com.fasterxml.jackson.annotation.JsonIgnore.class)
                    || c.getAccessor().isAnnotationPresent(com.fasterxml.jackson.annotation.JsonIgnore.class)) {
                continue;
            }
            String path = prefix + c.getName();
            Class<?> element = element(c.getGenericType());
            if (element != null && element.isRecord()) {
                fields(element, path + (element == c.getType() ? "." : "[]."), out);
            } else {
                out.add(path);
            }
        }
    }

    /** The record a component holds (itself, or a list's element); null for plain values and maps. */
    private static Class<?> element(Type t) {
        if (t instanceof Class<?> c) {
            return c;
        }
        if (t instanceof ParameterizedType p && p.getRawType() == List.class
                && p.getActualTypeArguments()[0] instanceof Class<?> e) {
            return e;
        }
        return t instanceof ParameterizedType p && p.getRawType() == Map.class ? null : null;
    }
}
