package dev.chokepoint.collector.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.analysis.CaseFixture;
import dev.chokepoint.collector.analysis.RecordedRun;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The meaning of every report stays put while the code under it changes: each recorded run and
 * design case is analysed and its report.json compared, field by field, with the one kept in
 * {@code src/test/resources/golden/}. A difference that a change intends is listed in
 * {@link #INTENDED} with the reason; anything else fails. Regenerate the files (after reading the
 * differences!) with {@code -Dgolden.update=true}.
 */
class GoldenReportsTest {

    /** JSON paths (regex over "a.b[2].c") whose change is intended, and why. */
    private static final Map<Pattern, String> INTENDED = new LinkedHashMap<>();

    static {
        INTENDED.put(Pattern.compile("rules\\[\\d+]\\.origin"), "rule files gain resource declarations: lines move");
        INTENDED.put(Pattern.compile("resourceCatalog.*"), "added: the declared resources, names and meanings");
        INTENDED.put(Pattern.compile("steps\\[\\d+]\\.(firstSaturated|consequences\\[\\d+])\\.name"),
                "added: display names, so every format renders from the JSON model alone");
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    @TestFactory
    Stream<DynamicTest> every_report_means_what_it_meant() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : recordedRuns()) {
            String name = "recorded-" + dir.getFileName();
            tests.add(DynamicTest.dynamicTest(name, () -> {
                RecordedRun r = RecordedRun.load(dir);
                check(name, Analysis.analyze(r.run(), r.steps(), AnalysisOptions.defaults()));
            }));
        }
        for (String c : cases()) {
            String name = "case-" + c;
            tests.add(DynamicTest.dynamicTest(name, () -> {
                CaseFixture f = CaseFixture.load("cases/" + c + ".yaml");
                check(name, Analysis.analyze(f.run, f.steps, AnalysisOptions.defaults()));
            }));
        }
        return tests.stream();
    }

    private static void check(String name, Report report) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReportFormat.JSON.writer().write(dev.chokepoint.collector.report.model.ModelBuilder.of(report), out);
        JsonNode actual = JSON.readTree(out.toByteArray());
        Path golden = Path.of("src/test/resources/golden", name + ".json");
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(golden.getParent());
            Files.write(golden, out.toByteArray());
            return;
        }
        assertThat(golden).as("golden file for %s (create it with -Dgolden.update=true)", name).exists();
        Map<String, JsonNode> want = flatten(JSON.readTree(golden.toFile()));
        Map<String, JsonNode> got = flatten(actual);
        List<String> differences = new ArrayList<>();
        for (String path : union(want, got)) {
            if (INTENDED.keySet().stream().anyMatch(p -> p.matcher(path).matches())) {
                continue;
            }
            JsonNode a = want.get(path);
            JsonNode b = got.get(path);
            if (!same(a, b)) {
                differences.add(path + ": " + a + " -> " + b);
            }
        }
        assertThat(differences).as("unintended changes in the report of %s", name).isEmpty();
    }

    private static boolean same(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a.isNumber() && b.isNumber()) {
            double x = a.asDouble();
            double y = b.asDouble();
            return x == y || Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(x), Math.abs(y));
        }
        return a.equals(b);
    }

    private static List<String> union(Map<String, JsonNode> a, Map<String, JsonNode> b) {
        List<String> out = new ArrayList<>(a.keySet());
        b.keySet().stream().filter(k -> !a.containsKey(k)).forEach(out::add);
        return out;
    }

    /** "steps[3].firstSaturated.resource" → value, for every leaf (empty arrays and objects are leaves). */
    static Map<String, JsonNode> flatten(JsonNode root) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        flatten("", root, out);
        return out;
    }

    private static void flatten(String path, JsonNode n, Map<String, JsonNode> out) {
        if (n.isObject() && !n.isEmpty()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                flatten(path.isEmpty() ? e.getKey() : path + "." + e.getKey(), e.getValue(), out);
            }
        } else if (n.isArray() && !n.isEmpty()) {
            for (int i = 0; i < n.size(); i++) {
                flatten(path + "[" + i + "]", n.get(i), out);
            }
        } else {
            out.put(path, n);
        }
    }

    private static List<Path> recordedRuns() throws IOException, URISyntaxException {
        Path root = Path.of(GoldenReportsTest.class.getClassLoader().getResource("recorded").toURI());
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(Files::isDirectory).filter(d -> Files.exists(d.resolve("run.json"))).sorted().toList();
        }
    }

    private static List<String> cases() throws IOException, URISyntaxException {
        Path root = Path.of(GoldenReportsTest.class.getClassLoader().getResource("cases").toURI());
        try (Stream<Path> s = Files.list(root)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml"))
                    .map(n -> n.substring(0, n.length() - 5)).sorted().toList();
        }
    }
}
