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
 * 4 325 RPS, the host held it at 2 229). Each is checked to still carry its caveat.
 * cpu-quiet-ci and cpu-quota-ci missed below (16 vs 20 RPS, 1.2 vs 3.4) while their bound came from
 * one cold step through the origin, the JVM's compiling counted as demand, until such a step's
 * demand came from what the requests caused ({@code request-utilization}: their threads' CPU and
 * the GC pauses). cpu-neighbour-ci, where a favoured neighbour kept one core of two, missed the same
 * way (bound 24 vs 10) until the CPU's bound also came from the host's CPU ({@code shared-utilization}).
 * Four cpu runs missed until session 23 (cpu-starved-blind-ci +16 %, cpu-fresh-ci −18 %,
 * cpu-starved-fresh-ci −23 %, cpu-starved-again-ci −18 %): the line through steps 1-2 counted the
 * compilers' CPU and G1's concurrent marking as demand (both shrink at the limit: 4.4 and 4.7 ms a
 * request at 15 RPS, 1.5 and 0.4-0.7 saturated), and a bound from one step's requests' own use left
 * the load tool's and the collector's share of the host to this process. Both are taken out now
 * ({@code transient-utilization}; what other processes used kept as theirs). cpu-fresh-ci still reads
 * −14.9 %: at the edge, not a margin; it was recorded before the agent exported G1's concurrent CPU,
 * so only the compilers' is taken out of its steps. The five runs recorded with it read 0 to +12 %:
 * cpu-g1-ci +2 %, cpu-starved-g1-ci +6 %, cpu-heavy-ci (1.5 times the CPU a request) +11 %,
 * cpu-parallel-gc-ci (no concurrent GC threads) 0 %, cpu-zgc-ci (ZGC, whose concurrent work stays
 * demand) +12 %. On a service not built around it (fast-service-digest: plain embedded Tomcat, a
 * SHA-256 endpoint, the built-in engine on the same cores) +2 %.
 */
class UtilizationLawAccuracyTest {

    /** The tolerance: a bound within ±15 % of the measured limit. */
    static final double TOLERANCE = 0.15;
    private static final double BEHIND = 0.9;
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
        // pool-ci (+9 %), pool-10-ci (−7 %) and pool-10-idle-host-ci (−12 %, the one recorded on an
        // idle host) show their pool's limit, the cpu runs their CPU's (−15 % to +11 %) or quota's;
        // the others cannot (see the class comment)
        assertThat(checked).as("runs whose limit the law could be checked on").contains("pool-ci", "pool-10-ci",
                "pool-10-idle-host-ci", "cpu-neighbour-ci", "cpu-quiet-ci", "cpu-quota-ci", "cpu-quota-fresh-ci",
                "cpu-again-ci", "cpu-fresh-ci", "cpu-starved-again-ci", "cpu-starved-blind-ci", "cpu-starved-fresh-ci",
                "cpu-warm120-ci", "cpu-g1-ci", "cpu-starved-g1-ci", "cpu-heavy-ci", "cpu-parallel-gc-ci", "cpu-zgc-ci",
                "fast-service-digest");
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
