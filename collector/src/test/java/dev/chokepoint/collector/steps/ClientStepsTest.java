package dev.chokepoint.collector.steps;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Steps from the load tools' own outputs, on fixtures in their exact formats (see generate.py). */
class ClientStepsTest {

    static final long T0 = 1_764_450_000_000L;

    @Test
    void k6StepTagsMakeTheSteps() throws Exception {
        List<Step> steps = new StepSource(StepSource.Kind.K6, fixture("k6-tagged.json")).steps(null);

        assertThat(steps).extracting(Step::index).containsExactly(1, 2, 3);
        assertThat(steps).allMatch(s -> s.source() == Step.Source.K6);
        assertThat(steps.get(0).startMillis()).isBetween(T0, T0 + 300);
        assertThat(steps.get(1).startMillis()).isBetween(T0 + 10_000, T0 + 10_300);
        assertThat(steps.get(2).endMillis()).isBetween(T0 + 29_700, T0 + 30_001);
        assertThat(steps.get(0).client().requests()).isEqualTo(40);
        assertThat(steps.get(2).client().requests()).isEqualTo(160);
        assertThat(steps.get(0).offeredRps()).isCloseTo(4, within(0.5));
        assertThat(steps.get(2).offeredRps()).isCloseTo(16, within(1.5));
        assertThat(steps.get(0).client().p95Seconds()).isBetween(0.010, 0.031);
        assertThat(steps.get(2).client().p95Seconds()).isBetween(0.200, 0.601);
        assertThat(steps.get(2).client().p99Seconds()).isGreaterThanOrEqualTo(steps.get(2).client().p95Seconds());
        assertThat(steps.get(0).client().errorRate()).isZero();
        assertThat(steps.get(2).client().errorRate()).isCloseTo(0.1, within(0.001));
    }

    @Test
    void k6DroppedIterationsCountAsOfferedAndItsVusAsTheEngine() throws Exception {
        List<Step> steps = new StepSource(StepSource.Kind.K6, fixture("k6-dropped.json")).steps(null);

        assertThat(steps).hasSize(3);
        assertThat(steps.get(2).client().requests()).isEqualTo(100);
        // 100 sent + 60 dropped over the step's ~10 s: the 16 RPS it was asked, not the 10 it sent
        assertThat(steps.get(2).offeredRps()).isCloseTo(16, within(1.0));
        assertThat(steps.get(2).client().achievedRps()).isCloseTo(10, within(0.6));
        assertThat(steps.get(2).engine()).isEqualTo(new Step.Engine(3, Double.NaN));
        // nothing dropped: the offer is what was sent, and the engine is not judged
        assertThat(steps.get(0).offeredRps()).isEqualTo(steps.get(0).client().achievedRps());
        assertThat(steps.get(0).engine()).isNull();
    }

    @Test
    void k6WithoutTagsIsCutIntoPlateausAndTheRampIsLeftOut() throws Exception {
        List<Step> steps = new StepSource(StepSource.Kind.K6, fixture("k6-untagged.json")).steps(null);

        assertThat(steps).hasSize(3);
        assertThat(steps).extracting(Step::offeredRps).satisfiesExactly(
                r -> assertThat(r).isCloseTo(4, within(0.6)),
                r -> assertThat(r).isCloseTo(12, within(1.5)),
                r -> assertThat(r).isCloseTo(24, within(2.5)));
        // the ramp from 4 to 12 RPS runs from 12 s to 16 s: in no step
        assertThat(steps.get(0).endMillis()).isBetween(T0 + 9_000, T0 + 12_000);
        assertThat(steps.get(1).startMillis()).isBetween(T0 + 16_000, T0 + 19_000);
        assertThat(steps.get(2).client().errorRate()).isCloseTo(0.1, within(0.02));
        assertThat(steps.get(0).client().p95Seconds()).isLessThan(0.035);
    }

    @Test
    void jmeterJtlIsCutIntoPlateausWithQuotedFieldsRead() throws Exception {
        List<Step> steps = new StepSource(StepSource.Kind.JMETER, fixture("jmeter.jtl")).steps(null);

        assertThat(steps).hasSize(3);
        assertThat(steps).allMatch(s -> s.source() == Step.Source.JMETER);
        assertThat(steps).extracting(Step::offeredRps).satisfiesExactly(
                r -> assertThat(r).isCloseTo(5, within(0.6)),
                r -> assertThat(r).isCloseTo(10, within(1.2)),
                r -> assertThat(r).isCloseTo(20, within(2.0)));
        assertThat(steps.get(2).client().errorRate()).isCloseTo(0.1, within(0.02));
        assertThat(steps.get(2).client().p95Seconds()).isBetween(0.2, 0.601);
    }

    @Test
    void scheduleFileWithHeyCsvGivesClientStatsOfThatStep() throws Exception {
        List<Step> steps = new StepSource(StepSource.Kind.SCHEDULE, fixture("schedule/steps.csv")).steps(null);

        assertThat(steps).hasSize(2);
        assertThat(steps.get(0)).isEqualTo(new Step(1, T0, T0 + 10_000, 20, Step.Source.SCHEDULE, null));
        Step.ClientStats hey = steps.get(1).client();
        assertThat(hey.requests()).isEqualTo(40);
        assertThat(hey.achievedRps()).isEqualTo(4.0);
        assertThat(hey.errorRate()).isEqualTo(0.05);
        assertThat(hey.p95Seconds()).isCloseTo(0.048, within(0.0011));
        assertThat(hey.p99Seconds()).isCloseTo(0.049, within(0.0011));
    }

    @Test
    void gzippedHeyCsvOfAnArchivedRunReadsTheSame(@TempDir Path dir) throws Exception {
        // given the schedule fixture with its hey file gzipped (as recorded runs keep them)
        Path plain = fixture("schedule/steps.csv");
        Files.writeString(dir.resolve("steps.csv"), Files.readString(plain).replaceAll("(step-\\d+\\.csv)", "$1.gz"));
        for (Path hey : heyFiles(plain.getParent())) {
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve(hey.getFileName() + ".gz")))) {
                Files.copy(hey, out);
            }
        }

        // when
        List<Step> zipped = new StepSource(StepSource.Kind.SCHEDULE, dir.resolve("steps.csv")).steps(null);

        // then
        assertThat(zipped).isEqualTo(new StepSource(StepSource.Kind.SCHEDULE, plain).steps(null));
        assertThat(zipped.get(1).client().requests()).isEqualTo(40);
    }

    private static List<Path> heyFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> !f.getFileName().toString().equals("steps.csv")).toList();
        }
    }

    static Path fixture(String name) throws URISyntaxException {
        return Path.of(ClientStepsTest.class.getResource("/steps/" + name).toURI());
    }
}
