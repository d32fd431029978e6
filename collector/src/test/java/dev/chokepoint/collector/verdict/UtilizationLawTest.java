package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.rules.RuleSet;
import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.steps.Step;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Which line the law fits for the shipped {@code cpu} resource: its own utilization where the
 * unsaturated steps can separate slope from background; where they cannot, the requests' own CPU
 * ({@code request-utilization}), and only without that the whole utilization through the origin.
 * The figures are cpu-quiet-ci's first step: 5 RPS, 0.61 of 2 cores compiling beside 5 × 96 ms.
 */
class UtilizationLawTest {

    private static Resource cpu;

    @BeforeAll
    static void loadTheShippedCpuResource() throws Exception {
        cpu = RuleSet.load(List.of()).resources().get("cpu");
    }

    @Test
    void oneColdStepTakesItsDemandFromTheRequestsOwnCpu() {
        double requestUse = 5 * 0.096 / 2;
        UtilizationLaw law = new UtilizationLaw(List.of(free(1, 5, 0.545, requestUse)), Set.of(cpu), v -> Double.NaN);

        Demand d = law.demands().get(0);
        assertThat(d.basis()).isEqualTo(Demand.Basis.REQUESTS);
        assertThat(d.boundRps()).isCloseTo(2 / 0.096, within(0.01));
        assertThat(d.backgroundUtilization()).isZero();
        // the range down to the whole utilization through the origin, the compiling counted as demand
        assertThat(d.lowRps()).isCloseTo(5 / 0.545, within(1e-6));
        assertThat(d.highRps()).isEqualTo(d.boundRps());
        assertThat(d.caveat()).isNull();
    }

    @Test
    void theCompilersCpuMeasuredLeavesTheRangesLowEndAndNotTheBound() {
        // cpu-quota-fresh-ci's first step against its quarter core: 0.5 RPS, the process 0.213 of the
        // quota, the compilers 0.063, the requests' threads and pauses 0.112
        StepVerdict step = free(1, 0.5, 0.213, 0.112, Double.NaN, 0.063);
        UtilizationLaw law = new UtilizationLaw(List.of(step), Set.of(cpu), v -> Double.NaN);

        Demand d = law.demands().get(0);
        assertThat(d.basis()).isEqualTo(Demand.Basis.REQUESTS);
        assertThat(d.boundRps()).isCloseTo(0.5 / 0.112, within(1e-6));
        assertThat(d.lowRps()).as("the whole use less the compiling").isCloseTo(0.5 / 0.150, within(1e-6));
    }

    @Test
    void aFullHostMakesTheProcessOwnBoundNoPrediction() {
        // fast-service-select's shape: this process 0.31 and 0.43 of the host, the host 0.98-1.0 busy
        UtilizationLaw law = new UtilizationLaw(List.of(free(1, 300, 0.31, Double.NaN, 0.98), free(2, 1000, 0.43, Double.NaN, 1.0)),
                Set.of(cpu), v -> Double.NaN);

        Demand d = law.demands().get(0);
        assertThat(d.basis()).isEqualTo(Demand.Basis.OWN);
        assertThat(d.caveat()).contains("100 % busy").contains("only if they yield");
        assertThat(law.prediction().caveat()).isEqualTo(d.caveat());
    }

    @Test
    void aHostWithRoomKeepsTheBoundAPrediction() {
        UtilizationLaw law = new UtilizationLaw(List.of(free(1, 300, 0.31, Double.NaN, 0.6), free(2, 1000, 0.43, Double.NaN, 0.7)),
                Set.of(cpu), v -> 0.3);

        assertThat(law.demands().get(0).caveat()).isNull();
        assertThat(law.prediction().caveat()).isNull();
    }

    @Test
    void neighboursThatMoveBetweenTheStepsReadMakeEveryBoundNoPrediction() {
        // pool-10-quiet-ci's shape: other processes 25 % of the host at step 1, 84 % at step 2
        List<StepVerdict> steps = List.of(free(1, 10, 0.09, Double.NaN), free(2, 30, 0.13, Double.NaN));
        UtilizationLaw law = new UtilizationLaw(steps, Set.of(cpu), v -> v.step().index() == 1 ? 0.25 : 0.84);

        assertThat(law.demands().get(0).caveat()).isEqualTo("other processes used 25 % of the host at step 1 and 84 % at "
                + "step 2: the demand was read on two different hosts");
        UtilizationLaw steady = new UtilizationLaw(steps, Set.of(cpu), v -> v.step().index() == 1 ? 0.65 : 0.83);
        assertThat(steady.demands().get(0).caveat()).isNull();
    }

    @Test
    void stepsThatFitALineKeepTheLineOfTheWholeUtilization() {
        // 0.1 background + 0.04 per RPS; the requests' own CPU (0.03 per RPS) is not consulted.
        UtilizationLaw law = new UtilizationLaw(List.of(free(1, 5, 0.30, 0.15), free(2, 15, 0.70, 0.45)), Set.of(cpu), v -> Double.NaN);

        Demand d = law.demands().get(0);
        assertThat(d.basis()).isEqualTo(Demand.Basis.OWN);
        assertThat(d.utilizationPerRps()).isCloseTo(0.04, within(1e-9));
        assertThat(d.boundRps()).isCloseTo(0.9 / 0.04, within(1e-6));
    }

    @Test
    void theJvmsBackgroundIsTakenOutOfTheLineBeforeItIsFitted() {
        // the cpu scenario's shape: 0.02 + 0.04 per RPS of demand, the compilers and G1's marking
        // 0.02 of the cores at 5 RPS and 0.06 at 15 (they shrink again at the limit)
        UtilizationLaw law = new UtilizationLaw(List.of(free(1, 5, 0.24, 0.2, Double.NaN, 0.02), free(2, 15, 0.68, 0.6, Double.NaN, 0.06)),
                Set.of(cpu), v -> Double.NaN);

        Demand d = law.demands().get(0);
        assertThat(d.utilizationPerRps()).as("not (0.68 - 0.24) / 10").isCloseTo(0.04, within(1e-9));
        assertThat(d.boundRps()).isCloseTo(0.98 / 0.04, within(1e-6));
    }

    @Test
    void oneStepsBoundLeavesOtherProcessesTheShareTheyUsed() {
        // cpu-g1-ci's step 1: the requests 0.192 of the cores at 5 RPS, the host 0.35 with 0.14 of it
        // other processes' (the load tool, the collector)
        StepVerdict step = free(1, 5, 0.227, 0.192, 0.35, 0.023);
        UtilizationLaw law = new UtilizationLaw(List.of(step), Set.of(cpu), v -> 0.14);

        Demand d = law.demands().get(0);
        assertThat(d.basis()).isEqualTo(Demand.Basis.REQUESTS);
        assertThat(d.backgroundUtilization()).isEqualTo(0.14);
        assertThat(d.boundRps()).isCloseTo(0.86 / (0.192 / 5), within(1e-6));
        assertThat(d.lowRps()).as("the whole use less the background").isCloseTo(0.86 / (0.204 / 5), within(1e-6));

        UtilizationLaw fullHost = new UtilizationLaw(List.of(free(1, 5, 0.227, 0.192, 0.95, 0.023)), Set.of(cpu), v -> 0.72);
        assertThat(fullHost.demands().get(0).boundRps()).as("neighbours that fill the idle host yield")
                .isCloseTo(5 / 0.192, within(1e-6));
    }

    @Test
    void withoutTheRequestsCpuOneStepFallsBackToTheOrigin() {
        UtilizationLaw law = new UtilizationLaw(List.of(free(1, 5, 0.545, Double.NaN)), Set.of(cpu), v -> Double.NaN);

        Demand d = law.demands().get(0);
        assertThat(d.basis()).isEqualTo(Demand.Basis.OWN);
        assertThat(d.boundRps()).isCloseTo(5 / 0.545, within(1e-6));
    }

    /** An unsaturated step that kept up with {@code rps}, its CPU used {@code utilization}, its requests {@code requestUse}. */
    private static StepVerdict free(int index, double rps, double utilization, double requestUse) {
        return free(index, rps, utilization, requestUse, Double.NaN);
    }

    /** The same, the host's CPU (what the resource shares) at {@code hostUse}. */
    private static StepVerdict free(int index, double rps, double utilization, double requestUse, double hostUse) {
        return free(index, rps, utilization, requestUse, hostUse, Double.NaN);
    }

    /** The same, the JVM's background (the compilers, G1's marking) using {@code compiling} of it. */
    private static StepVerdict free(int index, double rps, double utilization, double requestUse, double hostUse,
                                    double compiling) {
        Step step = new Step(index, index * 60_000L, index * 60_000L + 60_000, rps, Step.Source.SCHEDULE,
                new Step.ClientStats(Math.round(rps * 60), rps, 0.1, 0.12, 0.13, 0));
        StepTraffic traffic = new StepTraffic(rps * 60, rps, 0.1, 0.12, 0.12, 0.12, 0, StepTraffic.Source.SERVER);
        ResourceUse use = new ResourceUse(cpu, utilization, 0.1, Double.NaN, false, hostUse, requestUse, compiling);
        return new StepVerdict(step, traffic, true, List.of(), List.of(use), null, List.of(), null, StepLimit.NONE);
    }
}
