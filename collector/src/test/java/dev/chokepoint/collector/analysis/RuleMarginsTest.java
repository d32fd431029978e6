package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.rules.CompiledRule;
import dev.chokepoint.collector.rules.RuleSet;
import dev.chokepoint.collector.verdict.RuleMargins;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The margin report (chokepoint margins) on the recorded runs and the design cases: it agrees
 * with the engine (a rule fired exactly where its margin is positive), and no default threshold
 * sits within 15 % of a recorded run, on either side, without a note in its rule file saying why
 * that is safe.
 */
class RuleMarginsTest {

    private static final double TIGHT = 0.15;
    private static final List<String> CASES = List.of("cpu", "pool", "pool-held", "database", "heap", "workers",
            "downstream", "cpu-quota", "headroom", "pool-actuator", "workers-remote", "cpu-host", "heap-used");

    @Test
    void a_rule_fired_exactly_where_its_margin_was_positive_on_every_recorded_run_and_design_case() throws Exception {
        Map<String, List<RuleMargins.Row>> runs = new TreeMap<>(recorded());
        for (String name : CASES) {
            CaseFixture f = CaseFixture.load("cases/" + name + ".yaml");
            runs.put("case " + name, Analysis.margins(f.run, f.steps, AnalysisOptions.defaults()));
        }
        int fired = 0;
        for (Map.Entry<String, List<RuleMargins.Row>> run : runs.entrySet()) {
            assertThat(run.getValue()).as(run.getKey()).isNotEmpty();
            for (RuleMargins.Row r : run.getValue()) {
                String where = run.getKey() + " step " + r.step() + " " + r.rule() + ": " + r;
                if (r.fired()) {
                    fired++;
                    assertThat(r.evidenceHeld()).as(where).isTrue();
                    assertThat(r.margin()).as(where).isGreaterThanOrEqualTo(0);
                } else if (r.evidenceHeld()) {
                    assertThat(r.margin()).as(where).isLessThanOrEqualTo(0);
                }
            }
        }
        assertThat(fired).as("rules firing in the recorded runs and design cases").isGreaterThan(20);
    }

    @Test
    void no_threshold_sits_within_15_percent_of_a_recorded_run_without_a_note_in_its_rule_file() throws Exception {
        Map<String, CompiledRule> rules = new TreeMap<>();
        RuleSet.load(List.of()).rules().forEach(r -> rules.put(r.id(), r));
        List<String> unexplained = new ArrayList<>();
        for (Map.Entry<String, List<RuleMargins.Row>> run : recorded().entrySet()) {
            for (RuleMargins.Row r : run.getValue()) {
                boolean tight = r.evidenceHeld() && Math.abs(r.margin()) < TIGHT;
                if (tight && !hasMarginNote(rules.get(r.rule()))) {
                    unexplained.add(r.rule() + " `" + r.term() + "` at " + r.value() + " vs " + r.threshold() + " ("
                            + run.getKey() + " step " + r.step() + ", " + (r.fired() ? "fired" : "silent") + ")");
                }
            }
        }
        assertThat(unexplained).as("thresholds within 15 %% of a recorded run: fix them, or say in the rule "
                + "file (a comment starting 'Margin:') why that is safe").isEmpty();
    }

    /** A comment starting "Margin:" in the rule's own block of its file. */
    private static boolean hasMarginNote(CompiledRule rule) throws IOException {
        String origin = rule.rule().origin().file();
        String resource = "chokepoint/" + origin;
        try (InputStream in = RuleMarginsTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            int start = rule.rule().origin().line() - 1;
            for (int i = start; i < lines.size(); i++) {
                String line = lines.get(i).trim();
                if (i > start && line.startsWith("- id:")) {
                    break;
                }
                if (line.startsWith("# Margin:")) {
                    return true;
                }
            }
            return false;
        }
    }

    private static Map<String, List<RuleMargins.Row>> recorded() throws Exception {
        Path root = Path.of(RuleMarginsTest.class.getClassLoader().getResource("recorded").toURI());
        Map<String, List<RuleMargins.Row>> out = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path dir : dirs.sorted().toList()) {
                RecordedRun r = RecordedRun.load(dir);
                out.put(dir.getFileName().toString(), Analysis.margins(r.run(), r.steps(), AnalysisOptions.defaults()));
            }
        }
        return out;
    }
}
