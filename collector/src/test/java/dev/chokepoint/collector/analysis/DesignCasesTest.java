package dev.chokepoint.collector.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.verdict.Finding;
import dev.chokepoint.collector.verdict.StepVerdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Rules as data, promtool-style: each design case written as input series per step
 * ({@code cases/*.yaml}) with the expected first saturated resource, rule and step, and the steps
 * where nothing may be reported. Runs the whole analysis with the default rules.
 */
class DesignCasesTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cpu", "pool", "pool-held", "database", "heap", "workers", "downstream", "cpu-quota", "headroom",
            "pool-actuator", "workers-remote", "cpu-host", "heap-used",
            "downstream-nio", "downstream-socket", "background-loop"})
    void names_the_first_saturated_resource_of_each_design_case(String name) throws Exception {
        // given
        CaseFixture fixture = CaseFixture.load("cases/" + name + ".yaml");
        JsonNode expect = fixture.expect;

        // when
        Report report = Analysis.analyze(fixture.run, fixture.steps, AnalysisOptions.defaults());

        // then
        for (JsonNode none : expect.path("none-steps")) {
            StepVerdict v = step(report, none.asInt());
            assertThat(v.firstSaturated()).as("step %d of %s must report nothing, got %s", none.asInt(), name,
                    v.firstSaturated()).isNull();
            assertThat(v.headroom()).as("a step with nothing saturated shows its headroom").isNotNull();
        }
        if (expect.has("step")) {
            StepVerdict v = step(report, expect.get("step").asInt());
            Finding f = v.firstSaturated();
            assertThat(f).as("step %d of %s must have a saturated resource", v.step().index(), name).isNotNull();
            assertThat(f.resource().id()).isEqualTo(expect.get("resource").asText());
            if (expect.has("rule")) {
                assertThat(f.rule()).isEqualTo(expect.get("rule").asText());
            }
            assertThat(f.onsetMillis()).isBetween(v.step().startMillis(), v.step().endMillis());
            assertThat(f.summary()).doesNotContain("{").doesNotContain("n/a");
            List<String> consequences = new ArrayList<>();
            v.consequences().forEach(c -> consequences.add(c.resource().id()));
            for (JsonNode c : expect.path("consequences")) {
                assertThat(consequences).as("consequences at step %d", v.step().index()).contains(c.asText());
            }
        }
        if (expect.has("headline-contains")) {
            assertThat(report.headline()).contains(expect.get("headline-contains").asText());
        }
    }

    private static StepVerdict step(Report report, int index) {
        return report.steps().stream().filter(s -> s.step().index() == index).findFirst().orElseThrow();
    }
}
