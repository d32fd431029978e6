package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.verdict.StepVerdict;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No headline contradicts its own steps (issue 41), on every recorded run and design case: a
 * reader who checks the headline against the steps table must find the same numbers. Checked:
 * "every step met the SLO" only where no step missed it, none was limited and none achieved
 * under 85 % of an offer of 20 requests or more; the capacity is the knee's offer, and the knee
 * met the SLO unlimited; a resource said to saturate first "in step N" is step N's first
 * saturated resource; a death said to happen "into step N" is step N's.
 */
class HeadlineAgreesWithStepsTest {

    private static final double KEPT_SHARE = 0.85;
    private static final double MIN_REQUESTS = 20;
    private static final Pattern SATURATED_IN_STEP = Pattern.compile("(?:RPS|step \\d+) the ([^;()]+?) saturated first, from \\S+ in step (\\d+)");
    private static final Pattern DIED_IN_STEP = Pattern.compile("stopped answering at \\S+, \\S+ s into step (\\d+)");

    @TestFactory
    Stream<DynamicTest> every_headline_agrees_with_its_steps() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path dir : folders("recorded")) {
            tests.add(DynamicTest.dynamicTest("recorded " + dir.getFileName(), () -> {
                RecordedRun r = RecordedRun.load(dir);
                agrees(Analysis.analyze(r.run(), r.steps(), AnalysisOptions.defaults()));
            }));
        }
        for (Path file : yamls("cases")) {
            tests.add(DynamicTest.dynamicTest("case " + file.getFileName(), () -> {
                CaseFixture f = CaseFixture.load("cases/" + file.getFileName());
                agrees(Analysis.analyze(f.run, f.steps, AnalysisOptions.defaults()));
            }));
        }
        return tests.stream();
    }

    /** The checks, for a report of any run (the collapse test uses it on its own steps too). */
    static void agrees(Report report) {
        String headline = report.headline();
        List<StepVerdict> steps = report.steps();
        if (headline.contains("every step met the SLO")) {
            for (StepVerdict v : steps) {
                assertThat(v.sloMet()).as("step %d under \"%s\"", v.step().index(), headline).isNotEqualTo(Boolean.FALSE);
                assertThat(v.limit().limited()).as("step %d limited under \"%s\"", v.step().index(), headline).isFalse();
                assertThat(shortOfOffer(v)).as("step %d achieved %s of %s RPS under \"%s\"", v.step().index(),
                        v.traffic().achievedRps(), v.step().offeredRps(), headline).isFalse();
            }
        }
        if (report.knee() != null) {
            StepVerdict knee = step(steps, report.knee().stepIndex());
            assertThat(knee.sloMet()).as("the knee, step %d, met the SLO", knee.step().index()).isTrue();
            assertThat(knee.limit().limited()).as("the knee, step %d, is not limited", knee.step().index()).isFalse();
            String capacity = Unit.num(report.knee().offeredRps()) + " RPS at ";
            assertThat(headline).as("the capacity is the knee's offer").containsAnyOf("Capacity ≈ " + capacity,
                    "Capacity ≥ " + capacity);
        }
        Matcher saturated = SATURATED_IN_STEP.matcher(headline);
        while (saturated.find()) {
            StepVerdict v = step(steps, Integer.parseInt(saturated.group(2)));
            assertThat(v.firstSaturated()).as("step %s's first saturated resource", saturated.group(2)).isNotNull();
            assertThat(v.firstSaturated().displayName()).as("step %s's first saturated resource", saturated.group(2))
                    .isEqualTo(saturated.group(1));
        }
        Matcher died = DIED_IN_STEP.matcher(headline);
        if (died.find()) {
            StepVerdict v = step(steps, Integer.parseInt(died.group(1)));
            assertThat(v.limit().stoppedMillis()).as("step %s stopped answering", died.group(1)).isNotNull()
                    .isBetween(v.step().startMillis(), v.step().endMillis());
        }
    }

    /** Achieved under 85 % of an offer of 20 requests or more (a detected step is offered what it served). */
    static boolean shortOfOffer(StepVerdict v) {
        Step s = v.step();
        return s.offeredRps() > 0 && s.offeredRps() * s.durationSeconds() >= MIN_REQUESTS
                && v.traffic().achievedRps() < KEPT_SHARE * s.offeredRps();
    }

    private static StepVerdict step(List<StepVerdict> steps, int index) {
        return steps.stream().filter(v -> v.step().index() == index).findFirst()
                .orElseThrow(() -> new AssertionError("no step " + index));
    }

    private static List<Path> folders(String root) throws Exception {
        try (Stream<Path> s = Files.list(resource(root))) {
            return s.filter(d -> Files.exists(d.resolve("run.json"))).sorted().toList();
        }
    }

    private static List<Path> yamls(String root) throws Exception {
        try (Stream<Path> s = Files.list(resource(root))) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    private static Path resource(String name) throws Exception {
        return Path.of(HeadlineAgreesWithStepsTest.class.getClassLoader().getResource(name).toURI());
    }
}
