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
    void jmeterThreadGroupsRunOneAfterAnotherAreTheSteps(@TempDir Path dir) throws Exception {
        // Three groups of 12 s each, the second and third at nearly the same rate (a service at
        // capacity under a closed model): plateaus of the rate alone would merge them.
        StringBuilder jtl = new StringBuilder(JTL_HEADER);
        jtlSecond(jtl, "setUp Thread Group", -1000, 2); // logs in once: in no step
        jtlGroup(jtl, "step 1 - 5 rps", 0, 5);
        jtlGroup(jtl, "step 2 - 15 rps", 12_000, 14);
        jtlGroup(jtl, "step 3 - 40 rps", 24_000, 15);
        Path file = Files.writeString(dir.resolve("stairs.jtl"), jtl);

        List<Step> steps = new StepSource(StepSource.Kind.JMETER, file).steps(null);

        assertThat(steps).extracting(Step::index).containsExactly(1, 2, 3);
        assertThat(steps.get(1).startMillis()).isEqualTo(T0 + 12_000);
        assertThat(steps.get(2).client().requests()).isEqualTo(12 * 15);
        assertThat(steps.get(2).offeredRps()).isCloseTo(15, within(1.5));
    }

    @Test
    void jmeterThreadGroupsSideBySideAreAMixedWorkloadNotSteps(@TempDir Path dir) throws Exception {
        StringBuilder jtl = new StringBuilder(JTL_HEADER);
        for (int second = 0; second < 36; second++) {
            int rate = second < 12 ? 4 : second < 24 ? 10 : 20;
            jtlSecond(jtl, "browse", second * 1000L, rate);
            jtlSecond(jtl, "checkout", second * 1000L, rate / 2);
        }
        Path file = Files.writeString(dir.resolve("mixed.jtl"), jtl);

        List<Step> steps = new StepSource(StepSource.Kind.JMETER, file).steps(null);

        assertThat(steps).extracting(Step::offeredRps).satisfiesExactly(
                r -> assertThat(r).isCloseTo(6, within(0.8)),
                r -> assertThat(r).isCloseTo(15, within(1.5)),
                r -> assertThat(r).isCloseTo(30, within(3.0)));
    }

    private static final String JTL_HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success\n";

    private static void jtlGroup(StringBuilder jtl, String group, long fromMillis, int rate) {
        for (int second = 0; second < 12; second++) {
            jtlSecond(jtl, group, fromMillis + second * 1000L, rate);
        }
    }

    /** {@code rate} requests in the second from {@code atMillis}, by threads named as JMeter names them. */
    private static void jtlSecond(StringBuilder jtl, String group, long atMillis, int rate) {
        for (int i = 0; i < rate; i++) {
            jtl.append(T0 + atMillis + i * 1000L / rate).append(",20,GET /owners,200,OK,").append(group)
                    .append(" 1-").append(i % 3 + 1).append(",text,true\n");
        }
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
