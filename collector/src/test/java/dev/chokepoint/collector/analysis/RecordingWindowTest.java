package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.report.ReportFormat;
import dev.chokepoint.collector.report.model.ModelBuilder;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.store.RecordingEnd;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One window, two sides: the steps of a load tool's file that ended before the recording began
 * (a JTL JMeter appended to) and those after a recording cut short are both outside it, listed,
 * never judged.
 */
class RecordingWindowTest {

    private static Step step(int index, long start, long end) {
        return new Step(index, start, end, 10 * index, Step.Source.JMETER, null);
    }

    @Test
    void steps_that_ended_before_the_recording_began_are_outside_it_and_the_rest_numbered_from_1() {
        List<Step> appended = List.of(step(1, 0, 30_000), step(2, 30_000, 60_000),
                step(3, 600_000, 630_000), step(4, 630_000, 660_000));

        RecordingWindow window = RecordingWindow.of(appended, 599_000, null, s -> s);

        assertThat(window.before()).extracting(Step::index).containsExactly(1, 2);
        assertThat(window.recorded()).extracting(Step::index).containsExactly(1, 2);
        assertThat(window.recorded().get(0).startMillis()).isEqualTo(600_000);
        assertThat(window.recorded().get(1).offeredRps()).isEqualTo(40);
        assertThat(window.after()).isEmpty();
        assertThat(window.whole()).isFalse();
        assertThat(window.headline("verdicts")).isEqualTo("verdicts");
        assertThat(RecordingWindow.said(window.before().size(), "results.jtl"))
                .isEqualTo("chokepoint: results.jtl holds 2 steps that ended before the recording began, listed as"
                        + " not recorded (an earlier run's? JMeter appends to its -l file: run it with -f)");
    }

    @Test
    void a_step_the_recording_began_in_is_inside_it() {
        RecordingWindow window = RecordingWindow.of(List.of(step(1, 0, 30_000), step(2, 30_000, 60_000)), 5_000, null,
                s -> s);

        assertThat(window.before()).isEmpty();
        assertThat(window.recorded()).hasSize(2);
        assertThat(window.whole()).isTrue();
        assertThat(RecordingWindow.said(0, "results.jtl")).isNull();
    }

    @Test
    void steps_after_a_cut_are_outside_it_on_the_other_side_and_the_headline_starts_with_the_cut() {
        List<Step> steps = List.of(step(1, 600_000, 630_000), step(2, 630_000, 660_000), step(3, 660_000, 690_000));
        RecordingEnd cut = new RecordingEnd(640_000, "samples.gz is cut short", 0);

        RecordingWindow window = RecordingWindow.of(steps, 599_000, cut, s -> s);

        assertThat(window.recorded()).extracting(Step::index).containsExactly(1);
        assertThat(window.after()).extracting(Step::index).containsExactly(2, 3);
        assertThat(window.headline("verdicts")).startsWith("The recording ends at").contains("steps 2–3 not recorded")
                .endsWith(" verdicts");
    }

    @Test
    void a_load_files_earlier_steps_are_listed_as_not_recorded_and_the_judged_steps_are_as_without_them() throws Exception {
        // given pool-ci's stairs, and two steps of an earlier run an hour before (a JTL appended to)
        RecordedRun r = RecordedRun.load(Path.of(getClass().getClassLoader().getResource("recorded/pool-ci").toURI()));
        long hour = 3_600_000;
        List<Step> appended = new ArrayList<>(List.of(step(1, r.run().startMillis() - hour, r.run().startMillis() - hour + 30_000),
                step(2, r.run().startMillis() - hour + 30_000, r.run().startMillis() - hour + 60_000)));
        r.steps().forEach(s -> appended.add(s.numbered(s.index() + 2)));

        // when
        Report alone = Analysis.analyze(r.run(), r.steps(), AnalysisOptions.defaults());
        Report report = Analysis.analyze(r.run(), appended, AnalysisOptions.defaults());

        // then the earlier steps are listed, not judged, and the rest reads as the run alone
        assertThat(report.recording().before()).hasSize(2);
        assertThat(report.recording().end()).isNull();
        assertThat(report.headline()).isEqualTo(alone.headline());
        assertThat(report.steps()).extracting(v -> v.step().index()).containsExactlyElementsOf(
                alone.steps().stream().map(v -> v.step().index()).toList());
        ByteArrayOutputStream md = new ByteArrayOutputStream();
        ReportFormat.MD.writer().write(ModelBuilder.of(report), md);
        assertThat(md.toString(StandardCharsets.UTF_8)).contains("| – | 10 |").contains("not recorded: before the recording began")
                .doesNotContain("Recording cut short");
    }

    @Test
    void load_after_the_steps_is_covered_among_the_steps_of_this_recording_only() {
        List<Step> appended = List.of(step(1, 0, 30_000), step(2, 600_000, 630_000));
        List<List<Step>> seen = new java.util.ArrayList<>();

        RecordingWindow.of(appended, 599_000, null, s -> {
            seen.add(s);
            return s;
        });

        assertThat(seen).singleElement().satisfies(s -> assertThat(s).extracting(Step::startMillis).containsExactly(600_000L));
    }
}
