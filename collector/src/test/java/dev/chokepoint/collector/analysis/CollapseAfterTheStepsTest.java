package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.verdict.StepVerdict;
import dev.chokepoint.collector.verdict.Symptom;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A heap that collapses in the last step, where the steps given end before the load does (issue
 * 41: the fourth step vanished and the headline said every step met the SLO).
 */
class CollapseAfterTheStepsTest {

    @Test
    void a_collapse_after_the_last_given_step_is_judged_as_a_step_and_heads_the_report() throws Exception {
        // given stairs 20/50/80/110 whose schedule lost its last row: the heap collapsed at 110
        CaseFixture f = CaseFixture.load("tails/heap-collapse.yaml");

        // when
        Report report = Analysis.analyze(f.run, f.steps.subList(0, 3), AnalysisOptions.defaults());

        // then the load after step 3 is step 4, offered what step 3 was, limited, named by the heap
        assertThat(report.steps()).hasSize(4);
        StepVerdict collapse = report.steps().get(3);
        assertThat(collapse.step().source()).isEqualTo(Step.Source.UNCOVERED);
        assertThat(collapse.step().startMillis()).isEqualTo(f.steps.get(2).endMillis());
        assertThat(collapse.step().offeredRps()).isEqualTo(80);
        assertThat(collapse.limit().limited()).isTrue();
        assertThat(collapse.limit().symptoms()).extracting(Symptom::kind).contains("collapsed");
        assertThat(collapse.firstSaturated().resource().id()).isEqualTo("heap");
        assertThat(report.knee().stepIndex()).isEqualTo(3);
        assertThat(report.headline()).doesNotContain("every step met the SLO").startsWith("Capacity ≈ 80 RPS");
    }
}
