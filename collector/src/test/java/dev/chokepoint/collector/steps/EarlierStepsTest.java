package dev.chokepoint.collector.steps;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A JTL that JMeter appended to: the earlier run's steps are left out, the rest numbered from 1. */
class EarlierStepsTest {

    private static Step step(int index, long start, long end) {
        return new Step(index, start, end, 10 * index, Step.Source.JMETER, null);
    }

    @Test
    void stepsThatEndedBeforeTheRecordingBeganAreLeftOutAndTheRestRenumbered() {
        List<Step> appended = List.of(step(1, 0, 30_000), step(2, 30_000, 60_000),
                step(3, 600_000, 630_000), step(4, 630_000, 660_000));

        EarlierSteps earlier = EarlierSteps.of(appended, 599_000);

        assertThat(earlier.dropped()).isEqualTo(2);
        assertThat(earlier.kept()).extracting(Step::index).containsExactly(1, 2);
        assertThat(earlier.kept().get(0).startMillis()).isEqualTo(600_000);
        assertThat(earlier.kept().get(1).offeredRps()).isEqualTo(40);
        assertThat(earlier.said(new StepSource(StepSource.Kind.JMETER, Path.of("results.jtl"))))
                .isEqualTo("chokepoint: results.jtl holds 2 steps that ended before the recording began, left out"
                        + " (an earlier run's? JMeter appends to its -l file: run it with -f)");
    }

    @Test
    void aStepTheRecordingBeganInIsKept() {
        EarlierSteps earlier = EarlierSteps.of(List.of(step(1, 0, 30_000), step(2, 30_000, 60_000)), 5_000);

        assertThat(earlier.dropped()).isZero();
        assertThat(earlier.kept()).hasSize(2);
        assertThat(earlier.said(new StepSource(StepSource.Kind.JMETER, Path.of("results.jtl")))).isNull();
    }
}
