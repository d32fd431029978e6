package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.rules.RuleSet;
import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.steps.StepSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A k6 run short of VUs (k6-dropped.json: asked 16 RPS in step 3, sent 10, dropped 6 iterations a
 * second with vus_max 3) is the load generator's limit when the service answered fast, and the
 * service's when k6's VUs were all waiting on it.
 */
class EngineShortfallTest {

    private static EngineShortfall shortfall;
    private static List<Step> steps;

    @BeforeAll
    static void loadTheDefaultRulesAndTheK6Run() throws Exception {
        shortfall = new EngineShortfall(RuleSet.load(List.of()).resources().get(Resource.LOAD_GENERATOR));
        Path k6 = Path.of(EngineShortfallTest.class.getResource("/steps/k6-dropped.json").toURI());
        steps = new StepSource(StepSource.Kind.K6, k6).steps(null);
    }

    @Test
    void k6ShortOfVusBesideAFastServiceIsTheLoadGenerator() {
        StepVerdict judged = shortfall.apply(unlimited(steps.get(2)), server(10, 0.010, 0.012), server(4, 0.010, 0.012));

        assertThat(judged.firstSaturated()).isNotNull();
        assertThat(judged.firstSaturated().resource().id()).isEqualTo(Resource.LOAD_GENERATOR);
        assertThat(judged.firstSaturated().summary()).contains("of 16 RPS asked", "with 3 workers",
                "of them waiting for answers on average");
        assertThat(judged.limit().limited()).isTrue();
    }

    @Test
    void aServiceSlowedBehindAStarvedEngineLeavesTheVerdictWithTheEngine() {
        // p95 ×5 the lowest step's, yet 10 answers a second at p50 20 ms: 0.2 of 3 VUs in service
        StepVerdict judged = shortfall.apply(unlimited(steps.get(2)), server(10, 0.020, 0.060), server(4, 0.010, 0.012));

        assertThat(judged.firstSaturated()).isNotNull();
        assertThat(judged.firstSaturated().resource().id()).isEqualTo(Resource.LOAD_GENERATOR);
        assertThat(judged.firstSaturated().summary()).contains("the service slowed too (p95 60 ms against 12 ms");
    }

    @Test
    void k6VusAllWaitingOnASlowServiceLeaveTheVerdictToTheService() {
        // 10 answers a second at p50 0.3 s: 3 requests in service, every VU busy on the service
        StepVerdict judged = shortfall.apply(unlimited(steps.get(2)), server(10, 0.3, 0.35), server(4, 0.010, 0.012));

        assertThat(judged.firstSaturated()).isNull();
    }

    @Test
    void engineWorkersAllWaitingOnAnswersAsSlowInTheServiceLeaveTheVerdictToTheService() {
        // A CPU-bound step (the cpu scenario): the engine's workers all wait on 0.3 s answers and
        // the service's own timer saw 0.25 s of them (engine/service p50 0.99-1.54 in 9 such runs)
        StepVerdict judged = shortfall.apply(unlimited(withClientP50(steps.get(2), 0.3)), server(10, 0.25, 0.35),
                server(4, 0.010, 0.012));

        assertThat(judged.firstSaturated()).isNull();
    }

    @Test
    void answersThatWaitedInTheEngineNameTheEngineEvenWithItsWorkersBusy() {
        // hey confined to 5 % of a core (BuiltInLoadIT in CI): its workers busy reading answers at
        // p50 0.3 s that the service gave in 10 ms (the CI run: 2.8 s against 183 ms, ×15)
        StepVerdict judged = shortfall.apply(unlimited(withClientP50(steps.get(2), 0.3)), server(10, 0.010, 0.012),
                server(4, 0.010, 0.012));

        assertThat(judged.firstSaturated()).isNotNull();
        assertThat(judged.firstSaturated().resource().id()).isEqualTo(Resource.LOAD_GENERATOR);
        assertThat(judged.firstSaturated().summary())
                .contains("(p50 300 ms at the engine against 10 ms in the service: the answers waited in the engine)");
    }

    @Test
    void aStepWithNothingDroppedIsNotJudged() {
        StepVerdict judged = shortfall.apply(unlimited(steps.get(0)), server(4, 0.010, 0.012), server(4, 0.010, 0.012));

        assertThat(judged.firstSaturated()).isNull();
    }

    private static Step withClientP50(Step s, double p50) {
        Step.ClientStats c = s.client();
        return new Step(s.index(), s.startMillis(), s.endMillis(), s.offeredRps(), s.source(),
                new Step.ClientStats(c.requests(), c.achievedRps(), p50, p50 * 1.2, p50 * 1.3, c.errorRate()), s.engine());
    }

    private static StepVerdict unlimited(Step step) {
        return new StepVerdict(step, server(step.client().achievedRps(), 0.010, 0.012), true, List.of(), List.of(),
                null, List.of(), null, StepLimit.NONE);
    }

    private static StepTraffic server(double rps, double p50, double p95) {
        return new StepTraffic(rps * 10, rps, p50, p95, p95, p95, 0, StepTraffic.Source.SERVER);
    }
}
