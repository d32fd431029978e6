package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.verdict.Demand;
import dev.chokepoint.collector.verdict.StepVerdict;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The utilization law's bound for the resource that later saturated, against the rate the run
 * measured there, on every recorded run that shows its limit: the service fell behind its offer
 * (achieved below {@value #BEHIND} of offered) at a step that resource saturated first. A run
 * where the resource saturated while the service still kept up, or where the resource has no
 * bound (database, downstream, lock, heap: not throughput-bound rules), cannot check a prediction
 * and is skipped with the reason. Three pool runs of 2026-12-01 are not recorded here and missed
 * (docs/measurements.md): bound 37 vs 30 measured (+23 %) and 67 vs 55 (+22 %) at load average
 * 18-23, where the pool was 88-94 % utilized at its limit and hold times grew with load, and the
 * 40-connection pool at load 12, 266 vs 191 (+40 %), where the database slowed under 40
 * concurrent transactions: the law assumes a demand per request that does not grow with load.
 * Two recorded runs' bounds are not predictions, and the law says so itself ({@code Demand.caveat}):
 * pool-10-quiet-ci, whose neighbours went from 25 % to 83 % of the host between its two free steps (the
 * statements slowed, bound 84 vs 63 RPS), and fast-service-select, whose host was full at its free
 * steps (the load tool and PostgreSQL on the same two cores: the process's own CPU bounded it at
 * 4 325 RPS, the host held it at 2 229). Each is checked to still carry its caveat. One recorded run
 * misses above ({@link #MISSES}), checked to still miss: cpu-starved-blind-ci, just above; three cpu
 * runs of 2026-12-04 miss below ({@link #STEP_2_EXCESS}). cpu-quiet-ci and
 * cpu-quota-ci missed below (16 vs 20 RPS, 1.2 vs 3.4) while their bound came from one cold step
 * through the origin, the JVM's compiling counted as demand, until such a step's demand came from what
 * the requests caused ({@code request-utilization}: their threads' CPU and the GC pauses): 20 and 3.
 * cpu-neighbour-ci, where a favoured neighbour kept one core of two, missed the same way
 * (bound 24 vs 10) until the CPU's bound also came from the host's CPU ({@code shared-utilization}):
 * 0.61 background + the slope, 9 RPS.
 */
class UtilizationLawAccuracyTest {

    /** The tolerance: a bound within ±15 % of the measured limit. */
    static final double TOLERANCE = 0.15;
    private static final double BEHIND = 0.9;
    /**
     * Why the cpu runs whose bound comes from the host's line through steps 1-2 miss low. Process
     * CPU per request at 15 RPS (step 2) exceeds the saturated steps': 83 vs 68-69 ms (cpu-fresh-ci),
     * 96 vs 84 (cpu-again-ci), 94 vs 77-80 (cpu-starved-again-ci), while the request threads' own
     * stays nearly flat. What is left after the requests and the compilers is 9-14 ms a request at
     * 15 RPS and 2-3 ms at the saturated steps. First read as a cold JVM (the compilers took 3.5-7.8
     * ms a request at steps 1-2, 1.1-1.7 later, and G1's concurrent threads 3.4-3.9 ms a request at
     * 5 and 15 RPS, 0.6-1.4 later; docs/measurements.md). A 120 s warm-up does not remove it
     * (cpu-warm120-ci: 100 ms a request at step 2 against the requests' 83 and the compilers' 3), so
     * it is work the process does at moderate load and gives up when saturated, not warming. The
     * line through two such steps is steeper than the demand at the limit. cpu-again-ci reads −14.9 %
     * of its 22.1 RPS, inside the tolerance only just: the same miss, not a margin.
     */
    private static final String STEP_2_EXCESS = "at 15 RPS 9-14 ms a request go to neither the requests nor the compilers, "
            + "2-3 ms at the saturated steps, so the line through steps 1-2 is steeper than the demand at the limit: ";
    /**
     * Recorded runs whose bound misses, with why; each is checked to still miss that way, so the
     * reason stays true (a fix to the law that brings one inside the tolerance moves it out of here).
     */
    private static final Map<String, String> MISSES = Map.of("cpu-starved-blind-ci", "its bound comes from step 1 alone, "
            + "from the requests' own CPU and GC pauses (request-utilization), which leave out the G1 concurrent work its "
            + "440 KB humongous layers cost: bound 26 vs 22.5 RPS measured (+16 %); through the origin, all of the "
            + "process's CPU as demand, 21.9, the low end of the range the report shows",
            "cpu-fresh-ci", STEP_2_EXCESS + "bound 22.7 (the host's line) vs 27.6 measured (-18 %); the range up to the requests' "
            + "own use, 28.8, holds it",
            "cpu-starved-fresh-ci", STEP_2_EXCESS + "bound 22.6 vs 29.2 measured at 200 requests in flight (-23 %), inside the range "
            + "up to the requests' own use, 29.5; the "
            + "whole of step 4 served 25.1 RPS, its scrapes late (the onset blackout this scenario is for)",
            "cpu-starved-again-ci", STEP_2_EXCESS + "bound 19.2 vs 23.5 measured (-18 %); the range's top, the "
            + "requests' own use, 21.6 (-8 %), misses too: at step 3 the request threads took 69 ms a request against 85-87 "
            + "at steps 1-2 (step 4: 81)");
    /** Known misses whose measured limit lies outside the report's range as well, each checked to stay so. */
    private static final Set<String> OUTSIDE_RANGE = Set.of("cpu-starved-again-ci");
    /** Recorded runs whose limiting resource's bound the law marks as no prediction, each checked to stay so. */
    private static final Set<String> CAVEATED = Set.of("pool-10-quiet-ci", "fast-service-select");

    @Test
    void each_bound_is_within_15_percent_of_the_limit_the_run_measured() throws Exception {
        Path root = Path.of(getClass().getClassLoader().getResource("recorded").toURI());
        List<Path> dirs;
        try (Stream<Path> s = Files.list(root)) {
            dirs = s.filter(Files::isDirectory).sorted().toList();
        }
        List<String> checked = new ArrayList<>();
        List<String> caveated = new ArrayList<>();
        for (Path dir : dirs) {
            check(dir, caveated).ifPresent(checked::add);
        }
        assertThat(caveated).as("runs whose bound the law said was no prediction").containsExactlyInAnyOrderElementsOf(CAVEATED);
        // pool-ci (+9 %), pool-10-ci (−8 %) and pool-10-idle-host-ci (−12 %, the one recorded on an
        // idle host) show their pool's limit, cpu-neighbour-ci (−10 %), cpu-quiet-ci, cpu-quota-ci and
        // cpu-quota-fresh-ci (+11 %) their CPU's; the others cannot (see the class comment)
        assertThat(checked).as("runs whose limit the law could be checked on").contains("pool-ci", "pool-10-ci",
                "pool-10-idle-host-ci", "cpu-neighbour-ci", "cpu-quiet-ci", "cpu-quota-ci", "cpu-quota-fresh-ci");
    }

    /** The run's name when its limit could be checked (and it held), empty when the run cannot check a prediction. */
    private static Optional<String> check(Path dir, List<String> caveated) throws Exception {
        RecordedRun run = RecordedRun.load(dir);
        Report report = Analysis.analyze(run.run(), run.steps(), AnalysisOptions.defaults());
        Optional<Measured> measured = measuredLimit(report);
        String demands = report.demands().stream().map(d -> d.resource().id() + " " + Math.round(d.boundRps())).toList().toString();
        if (measured.isEmpty()) {
            System.out.println("law " + dir.getFileName() + ": no named resource limited a step that fell behind; bounds " + demands);
            return Optional.empty();
        }
        Measured m = measured.get();
        Optional<Demand> bound = report.demands().stream().filter(d -> d.resource().equals(m.resource())).findFirst();
        System.out.println("law " + dir.getFileName() + ": " + m.resource().id() + " measured " + Math.round(m.rps())
                + " RPS at step " + m.step() + ", bounds " + demands);
        if (bound.isEmpty()) {
            return Optional.empty(); // not a throughput-bound resource: the law predicts nothing for it
        }
        String name = dir.getFileName().toString();
        if (bound.get().caveat() != null) {
            System.out.println("law " + name + ": not a prediction: " + bound.get().caveat());
            caveated.add(name);
            return Optional.empty();
        }
        if (MISSES.containsKey(name)) {
            assertThat(Math.abs(bound.get().boundRps() / m.rps() - 1)).as("%s, a known miss: %s", name, MISSES.get(name))
                    .isGreaterThan(TOLERANCE);
            if (bound.get().lowRps() < bound.get().highRps()) {
                boolean inside = m.rps() >= bound.get().lowRps() && m.rps() <= bound.get().highRps();
                assertThat(inside).as("%s: the measured limit %s inside the report's range %s-%s", name, m.rps(),
                        bound.get().lowRps(), bound.get().highRps()).isEqualTo(!OUTSIDE_RANGE.contains(name));
            }
            return Optional.empty();
        }
        assertThat(bound.get().boundRps()).as("%s: %s bound vs measured %s RPS", name, m.resource().id(), m.rps())
                .isBetween(m.rps() * (1 - TOLERANCE), m.rps() * (1 + TOLERANCE));
        return Optional.of(name);
    }

    /** The highest rate achieved at a step that fell behind with the run's first named resource saturated first. */
    static Optional<Measured> measuredLimit(Report report) {
        StepVerdict first = report.steps().stream().filter(v -> v.firstSaturated() != null
                && !v.firstSaturated().resource().id().equals(Resource.UNATTRIBUTED)).findFirst().orElse(null);
        if (first == null) {
            return Optional.empty();
        }
        Resource r = first.firstSaturated().resource();
        return report.steps().stream()
                .filter(v -> v.firstSaturated() != null && v.firstSaturated().resource().equals(r)
                        && v.step().offeredRps() > 0 && v.traffic().achievedRps() < BEHIND * v.step().offeredRps())
                .max(java.util.Comparator.comparingDouble(v -> v.traffic().achievedRps()))
                .map(v -> new Measured(r, v.step().index(), v.traffic().achievedRps()));
    }

    record Measured(Resource resource, int step, double rps) {
    }
}
