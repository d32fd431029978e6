package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.steps.StepSource;
import dev.chokepoint.collector.store.RunReader;
import dev.chokepoint.collector.verdict.StepVerdict;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A recorded collapse (issue 41): heap-death's service without ExitOnOutOfMemoryError, under hey's
 * stairs 5/12/80/150. The heap fills at 80 batches a second, the JVM lives on, thrashing, and
 * serves a trickle; its metrics endpoint stops answering in time. Read with the stairs' schedule
 * and with the steps detected from the server, the collapse is a step, limited, and the headline
 * agrees with every step's numbers.
 */
class RecordedCollapseTest {

    private static final double KEPT_SHARE = 0.85;

    @Test
    void the_collapse_is_a_limited_step_read_with_the_load_tools_schedule() throws Exception {
        // given the run as recorded (hey's steps.csv beside it)
        RecordedRun r = RecordedRun.load(dir());

        // when
        Report report = Analysis.analyze(r.run(), r.steps(), AnalysisOptions.defaults());

        // then step 4 (150 offered) served a fraction of what step 3 did, and is limited
        assertCollapseJudged(report);
        assertThat(report.steps()).hasSize(4);
        assertThat(report.steps().get(3).traffic().achievedRps()).isLessThan(0.1 * report.steps().get(3).step().offeredRps());
    }

    @Test
    void the_collapse_is_a_limited_step_read_from_the_servers_rate() throws Exception {
        // given the same run, its steps detected as with a load tool the collector cannot read
        var run = RunReader.read(dir());

        // when
        Report report = Analysis.analyze(run, StepSource.detected().steps(run), AnalysisOptions.defaults());

        // then
        assertCollapseJudged(report);
    }

    /** After the step that served most, a step served under 85 % of it and is limited; the headline agrees. */
    private static void assertCollapseJudged(Report report) {
        List<StepVerdict> steps = report.steps();
        StepVerdict peak = steps.stream().max(Comparator.comparingDouble(v -> v.traffic().achievedRps())).orElseThrow();
        List<StepVerdict> collapsed = steps.stream().filter(v -> v.step().startMillis() >= peak.step().endMillis()
                && v.traffic().achievedRps() < KEPT_SHARE * peak.traffic().achievedRps()).toList();
        assertThat(collapsed).as("steps after the peak at %s RPS", peak.traffic().achievedRps()).isNotEmpty()
                .allMatch(v -> v.limit().limited());
        assertThat(report.headline()).doesNotContain("every step met the SLO");
        HeadlineAgreesWithStepsTest.agrees(report);
    }

    private static Path dir() throws Exception {
        return Path.of(RecordedCollapseTest.class.getClassLoader().getResource("recorded/heap-collapse-ci").toURI());
    }
}
