package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.steps.StepsException;
import dev.chokepoint.collector.store.FormatTwoCopy;
import dev.chokepoint.collector.verdict.StepVerdict;
import dev.chokepoint.collector.verdict.Symptom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a torn or damaged recording may say: for the steps it still holds whole, what the whole run
 * says of them; for the rest, that they were not recorded; or a clear error. Never a death, a
 * restart or a saturation the whole run does not show (SQLite's I/O-error tests, Prometheus's WAL
 * repair). The pool run, as recorded before checksummed frames and copied into them, is cut and
 * damaged at seeded random offsets of each of its files.
 */
class TornRecordingTest {

    private static final long SEED = 45;
    private static final List<String> DEATH_OR_RESTART = List.of("stopped-answering", "restarted");

    @TempDir
    static Path tmp;
    private static Path oldFormat;
    private static Path newFormat;
    private static Report whole;

    @BeforeAll
    static void recordings() throws Exception {
        oldFormat = Path.of(TornRecordingTest.class.getClassLoader().getResource("recorded/pool-ci").toURI());
        newFormat = tmp.resolve("pool-ci-v2");
        FormatTwoCopy.write(oldFormat, newFormat);
        whole = analyze(oldFormat);
    }

    @Test
    void theCopyInChecksummedFramesSaysWhatTheRecordingSays() throws Exception {
        Report copy = analyze(newFormat);

        assertThat(copy.recording()).isNull();
        assertThat(copy.headline()).isEqualTo(whole.headline()).contains("at 150 RPS the connection pool saturated first");
    }

    @Test
    void aRecordingCutAtHalfItsSamplesSaysWhereItEndsAndNoDeath() throws Exception {
        for (Path run : List.of(oldFormat, newFormat)) {
            Path cut = copy(run, "half-" + run.getFileName());
            byte[] samples = Files.readAllBytes(cut.resolve("samples.gz"));
            Files.write(cut.resolve("samples.gz"), Arrays.copyOf(samples, samples.length / 2));

            Report report = analyze(cut);

            assertThat(report.headline()).as(run.toString()).startsWith("The recording ends at ")
                    .contains("samples.gz is cut short").contains("not recorded").doesNotContain("stopped answering");
            assertThat(report.recording().after()).isNotEmpty();
            assertSaysOnlyWhatTheWholeRunSays(report, "half of " + run.getFileName());
        }
    }

    /** The torture: seeded cuts and damage in every file of both formats; each report holds or the read fails clearly. */
    @Test
    void everyCutOrDamagedCopyGivesTheWholeRunsVerdictsForTheStepsItHoldsOrAClearError() throws Exception {
        Random random = new Random(SEED);
        Map<String, int[]> outcomes = new LinkedHashMap<>(); // kind → {partial verdicts, all steps, error}
        int n = 0;
        for (Path run : List.of(oldFormat, newFormat)) {
            String format = run == oldFormat ? "format 1" : "format 2";
            for (String file : List.of("samples.gz", "series.jsonl", "events.jsonl")) {
                for (String damage : List.of("cut", "flip")) {
                    int tries = file.equals("samples.gz") ? 15 : 4;
                    for (int i = 0; i < tries; i++) {
                        Path torn = copy(run, "torn-" + n++);
                        String what = damage(torn.resolve(file), damage, random);
                        int[] counts = outcomes.computeIfAbsent(format + " " + file + " " + damage, k -> new int[3]);
                        Report report;
                        try {
                            report = analyze(torn);
                        } catch (IOException | StepsException | AnalysisException e) {
                            assertThat(e.getMessage()).as(what).isNotBlank();
                            counts[2]++;
                            continue;
                        }
                        assertSaysOnlyWhatTheWholeRunSays(report, format + ": " + what);
                        counts[report.recording() == null || report.recording().after().isEmpty() ? 1 : 0]++;
                    }
                }
            }
        }
        // Read in the build log: how each kind of damage ended (steps partly judged / all judged / error).
        outcomes.forEach((k, v) -> System.out.println("torn " + k + ": " + v[0] + " partial, " + v[1] + " whole, "
                + v[2] + " error"));
    }

    /**
     * Steps found in the rate itself move when the rate is cut short: a recording cut anywhere in
     * the pool run whose steps were detected judges only steps the whole run has, as it does.
     */
    @Test
    void aCutRecordingWhoseStepsAreDetectedJudgesOnlyStepsTheWholeRunHas() throws Exception {
        Path detected = Path.of(TornRecordingTest.class.getClassLoader().getResource("recorded/pool-detected-ci").toURI());
        Report wholeDetected = analyze(detected);
        Random random = new Random(SEED);
        for (int i = 0; i < 12; i++) {
            Path torn = copy(detected, "detected-" + i);
            String what = damage(torn.resolve("samples.gz"), "cut", random);
            Report report = analyze(torn);
            assertThat(report.recording()).as(what).isNotNull();
            for (StepVerdict v : report.steps()) {
                StepVerdict w = wholeDetected.steps().stream().filter(x -> x.step().index() == v.step().index())
                        .findFirst().orElseThrow();
                assertThat(v.step().endMillis()).as("%s: step %d", what, v.step().index()).isEqualTo(w.step().endMillis());
                assertThat(resource(v)).as("%s: first saturated at step %d", what, v.step().index()).isEqualTo(resource(w));
            }
        }
    }

    /**
     * Every recorded run, cut once at a seeded offset of its samples: the steps it still holds read
     * as in the whole run (a series named in the dictionary whose first sample was lost crashed the
     * uncovered-load search on heap-ci and cpu-starved-g1-ci before it was left out).
     */
    @Test
    void everyRecordedRunCutShortKeepsItsVerdictsForTheStepsItHolds() throws Exception {
        Path root = Path.of(TornRecordingTest.class.getClassLoader().getResource("recorded").toURI());
        List<Path> runs;
        try (Stream<Path> s = Files.list(root)) {
            runs = s.filter(d -> Files.exists(d.resolve("run.json"))).sorted().toList();
        }
        Random random = new Random(SEED);
        int judged = 0;
        for (Path run : runs) {
            Report wholeRun = analyze(run);
            Path torn = copy(run, "every-" + run.getFileName());
            String what = run.getFileName() + ": " + damage(torn.resolve("samples.gz"), "cut", random);
            Report report = analyze(torn);
            assertSaysOnlyWhatTheWholeRunSays(report, wholeRun, what);
            judged += report.steps().size();
        }
        System.out.println("torn recorded runs: " + runs.size() + " cut, " + judged + " steps judged as in the whole run");
    }

    private static void assertSaysOnlyWhatTheWholeRunSays(Report report, String what) {
        assertSaysOnlyWhatTheWholeRunSays(report, whole, what);
    }

    private static void assertSaysOnlyWhatTheWholeRunSays(Report report, Report whole, String what) {
        if (report.recording() == null) {
            // nothing was lost (a flipped bit in the gzip header's time, a label's letter): the same report
            assertThat(report.steps()).as(what).hasSameSizeAs(whole.steps());
        } else {
            assertThat(report.headline()).as(what).startsWith("The recording ends at ");
        }
        for (StepVerdict v : report.steps()) {
            StepVerdict w = whole.steps().stream().filter(x -> x.step().index() == v.step().index()).findFirst().orElse(null);
            assertThat(w).as("%s: step %d is one of the whole run's", what, v.step().index()).isNotNull();
            assertThat(resource(v)).as("%s: first saturated at step %d", what, v.step().index()).isEqualTo(resource(w));
            List<String> kinds = v.limit().symptoms().stream().map(Symptom::kind).filter(DEATH_OR_RESTART::contains).toList();
            assertThat(w.limit().symptoms().stream().map(Symptom::kind).toList()).as("%s: step %d", what, v.step().index())
                    .containsAll(kinds);
        }
    }

    private static String resource(StepVerdict v) {
        return v.firstSaturated() == null ? "none" : v.firstSaturated().resource().id();
    }

    /** Cuts the file at a random offset, or flips 1-8 random bytes in it; says what it did. */
    private static String damage(Path file, String how, Random random) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        if (bytes.length == 0) {
            return file.getFileName() + " empty";
        }
        int at = random.nextInt(bytes.length);
        if (how.equals("cut")) {
            Files.write(file, Arrays.copyOf(bytes, at));
            return file.getFileName() + " cut at byte " + at + " of " + bytes.length;
        }
        int flips = 1 + random.nextInt(8);
        List<Integer> where = new ArrayList<>();
        for (int i = 0; i < flips; i++) {
            int p = Math.min(bytes.length - 1, at + random.nextInt(64));
            bytes[p] ^= (byte) (1 + random.nextInt(255));
            where.add(p);
        }
        Files.write(file, bytes);
        return file.getFileName() + " bytes " + where + " of " + bytes.length + " changed";
    }

    private static Path copy(Path run, String name) throws IOException {
        Path to = tmp.resolve(name);
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(run)) {
            for (Path f : files.toList()) {
                if (!f.getFileName().toString().startsWith("report.")) {
                    Files.copy(f, to.resolve(f.getFileName()));
                }
            }
        }
        return to;
    }

    private static Report analyze(Path dir) throws IOException, StepsException, AnalysisException {
        RecordedRun r = RecordedRun.load(dir);
        return Analysis.analyze(r.run(), r.steps(), AnalysisOptions.defaults());
    }
}
