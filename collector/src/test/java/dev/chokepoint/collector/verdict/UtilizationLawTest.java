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
        UtilizationLaw law = new UtilizationLaw(List.of(free(1, 5, 0.545, requestUse)), Set.of(cpu));

        Demand d = law.demands().get(0);
        assertThat(d.basis()).isEqualTo(Demand.Basis.REQUESTS);
        assertThat(d.boundRps()).isCloseTo(2 / 0.096, within(0.01));
        assertThat(d.backgroundUtilization()).isZero();
    }

    @Test
    void stepsThatFitALineKeepTheLineOfTheWholeUtilization() {
        // 0.1 background + 0.04 per RPS; the requests' own CPU (0.03 per RPS) is not consulted.
        UtilizationLaw law = new UtilizationLaw(List.of(free(1, 5, 0.30, 0.15), free(2, 15, 0.70, 0.45)), Set.of(cpu));

        Demand d = law.demands().get(0);
        assertThat(d.basis()).isEqualTo(Demand.Basis.OWN);
        assertThat(d.utilizationPerRps()).isCloseTo(0.04, within(1e-9));
        assertThat(d.boundRps()).isCloseTo(0.9 / 0.04, within(1e-6));
    }

    @Test
    void withoutTheRequestsCpuOneStepFallsBackToTheOrigin() {
        UtilizationLaw law = new UtilizationLaw(List.of(free(1, 5, 0.545, Double.NaN)), Set.of(cpu));

        Demand d = law.demands().get(0);
        assertThat(d.basis()).isEqualTo(Demand.Basis.OWN);
        assertThat(d.boundRps()).isCloseTo(5 / 0.545, within(1e-6));
    }

    /** An unsaturated step that kept up with {@code rps}, its CPU used {@code utilization}, its requests {@code requestUse}. */
    private static StepVerdict free(int index, double rps, double utilization, double requestUse) {
        Step step = new Step(index, index * 60_000L, index * 60_000L + 60_000, rps, Step.Source.SCHEDULE,
                new Step.ClientStats(Math.round(rps * 60), rps, 0.1, 0.12, 0.13, 0));
        StepTraffic traffic = new StepTraffic(rps * 60, rps, 0.1, 0.12, 0.12, 0.12, 0, StepTraffic.Source.SERVER);
        ResourceUse use = new ResourceUse(cpu, utilization, 0.1, Double.NaN, false, Double.NaN, requestUse);
        return new StepVerdict(step, traffic, true, List.of(), List.of(use), null, List.of(), null, StepLimit.NONE);
    }
}
