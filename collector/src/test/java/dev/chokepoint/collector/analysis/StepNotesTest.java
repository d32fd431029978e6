package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.report.ReportFormat;
import dev.chokepoint.collector.report.model.ModelBuilder;
import dev.chokepoint.collector.report.model.ReportModel;
import dev.chokepoint.collector.steps.PlateauDetector;
import dev.chokepoint.collector.steps.ServerRateSteps;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.steps.StepNote;
import dev.chokepoint.collector.steps.StepSource;
import dev.chokepoint.collector.steps.UncoveredLoad;
import dev.chokepoint.collector.steps.UnjudgedLoad;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.RunReader;
import dev.chokepoint.collector.verdict.LimitJudge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Steps detected from the server under a closed-model load tool (hey's stairs) can merge or drop
 * an offered step; the report then says so. Each recorded run's true schedule lies beside it
 * (hey's steps.csv, or schedule.truth.csv where the run was recorded without one).
 */
class StepNotesTest {

    @ParameterizedTest
    @ValueSource(strings = {"heap-collapse-ci", "workers-hey-detected-ci", "low-rate-hey-detected-ci",
            "plain-tomcat-lock", "pool-detected-ci", "lock-hey-detected-ci"})
    void every_offered_step_is_found_or_the_report_notes_the_load_it_merged_or_left_out(String name) throws Exception {
        // given a run under hey's stairs, read without the stairs' schedule
        Path dir = recorded(name);
        RunData run = RunReader.read(dir);

        // when
        Report report = Analysis.analyze(run, StepSource.detected().steps(run), AnalysisOptions.defaults());

        // then every offered step has a judged step of its own, or a note covers it
        List<Step> judged = report.steps().stream().map(v -> v.step()).toList();
        for (long[] offered : truth(dir)) {
            long middle = (offered[0] + offered[1]) / 2;
            boolean noted = report.stepNotes().stream().anyMatch(n -> n.startMillis() <= middle && middle < n.endMillis()
                    || n.kind() == StepNote.Kind.JOINED && n.step() == holding(judged, middle));
            assertThat(foundAlone(judged, offered, truth(dir)) || noted)
                    .as("%s: the offered step %s–%s found alone or noted (notes: %s)", name, offered[0], offered[1],
                            report.stepNotes()).isTrue();
        }
    }

    @Test
    void the_collapses_first_step_dropped_as_a_ramp_is_noted_with_its_rate() throws Exception {
        // given heap-collapse-ci, whose 5 RPS step (sagging to 2.5 as scrapes went missing) no detected step covers
        Path dir = recorded("heap-collapse-ci");
        RunData run = RunReader.read(dir);

        // when
        Report report = Analysis.analyze(run, StepSource.detected().steps(run), AnalysisOptions.defaults());

        // then the note spans most of it and says what the servers completed there
        long[] first = truth(dir).get(0);
        StepNote note = report.stepNotes().get(0);
        assertThat(note.kind()).isNotEqualTo(StepNote.Kind.JOINED);
        assertThat(Math.min(note.endMillis(), first[1]) - Math.max(note.startMillis(), first[0]))
                .isGreaterThan((first[1] - first[0]) / 2);
        assertThat(note.achievedRps()).isBetween(2.5, 5.5);
    }

    @Test
    void every_format_lists_the_notes_under_the_steps() throws Exception {
        // given heap-collapse-ci read without its schedule
        RunData run = RunReader.read(recorded("heap-collapse-ci"));
        ReportModel model = ModelBuilder.of(Analysis.analyze(run, StepSource.detected().steps(run),
                AnalysisOptions.defaults()));

        // when
        Map<ReportFormat, String> written = new EnumMap<>(ReportFormat.class);
        for (ReportFormat f : ReportFormat.values()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            f.writer().write(model, out);
            written.put(f, out.toString(StandardCharsets.UTF_8));
        }

        // then each note's sentence is in every format, after the steps table
        assertThat(model.stepNotes()).isNotEmpty();
        for (ReportModel.StepNoteModel n : model.stepNotes()) {
            assertThat(n.text()).contains("not judged");
            assertThat(written.get(ReportFormat.MD)).contains(n.text());
            assertThat(written.get(ReportFormat.JSON)).contains(n.text());
            assertThat(written.get(ReportFormat.HTML)).contains(n.text().replace("'", "&#39;"));
        }
        String md = written.get(ReportFormat.MD);
        assertThat(md.indexOf(model.stepNotes().get(0).text())).isGreaterThan(md.indexOf("## Steps"));
    }

    @Test
    void no_note_on_a_run_whose_offered_steps_are_all_found() throws Exception {
        // given every recorded run with its schedule beside it, read as if it had none
        int checked = 0;
        List<String> spurious = new ArrayList<>();
        for (Path dir : recordedRuns()) {
            RunData run = RunReader.read(dir);
            PlateauDetector detector = PlateauDetector.defaults();
            List<Step> steps = UncoveredLoad.cover(ServerRateSteps.detect(run, detector), run, LimitJudge.death(run),
                    detector);
            List<long[]> truth = truth(dir);
            if (truth.stream().anyMatch(offered -> !foundAlone(steps, offered, truth))) {
                continue;
            }
            checked++;
            // when
            List<StepNote> notes = new ArrayList<>(UnjudgedLoad.of(run, steps));
            steps.forEach(s -> notes.addAll(s.notes()));
            // then
            if (!notes.isEmpty()) {
                spurious.add(dir.getFileName() + ": " + notes);
            }
        }
        assertThat(checked).as("runs whose offered steps were all found").isGreaterThanOrEqualTo(20);
        assertThat(spurious).isEmpty();
    }

    /** A step holds the offered step's middle, and no other offered step's. */
    private static boolean foundAlone(List<Step> steps, long[] offered, List<long[]> truth) {
        long middle = (offered[0] + offered[1]) / 2;
        int index = holding(steps, middle);
        Step s = steps.stream().filter(x -> x.index() == index).findFirst().orElse(null);
        return s != null && truth.stream().filter(o -> {
            long m = (o[0] + o[1]) / 2;
            return s.startMillis() <= m && m < s.endMillis();
        }).count() == 1;
    }

    /** The index of the step holding {@code millis} (0: none). */
    private static int holding(List<Step> steps, long millis) {
        return steps.stream().filter(s -> s.startMillis() <= millis && millis < s.endMillis()).mapToInt(Step::index)
                .findFirst().orElse(0);
    }

    /** The offered steps' windows (epoch ms), from the schedule beside the run. */
    private static List<long[]> truth(Path dir) throws Exception {
        Path file = Files.exists(dir.resolve("schedule.truth.csv")) ? dir.resolve("schedule.truth.csv") : dir.resolve("steps.csv");
        return Files.readAllLines(file).stream().skip(1).filter(l -> !l.isBlank()).map(l -> l.split(","))
                .map(f -> new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])}).toList();
    }

    private static List<Path> recordedRuns() throws Exception {
        try (Stream<Path> dirs = Files.list(recorded(""))) {
            return dirs.filter(d -> Files.exists(d.resolve("steps.csv")) || Files.exists(d.resolve("schedule.truth.csv")))
                    .sorted().toList();
        }
    }

    private static Path recorded(String name) throws Exception {
        return Path.of(StepNotesTest.class.getClassLoader().getResource("recorded/" + name).toURI());
    }
}
