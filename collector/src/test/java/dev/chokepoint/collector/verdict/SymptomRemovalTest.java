package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.analysis.CaseFixture;
import dev.chokepoint.collector.rules.RuleSet;
import dev.chokepoint.collector.signals.Baseline;
import dev.chokepoint.collector.signals.Fleet;
import dev.chokepoint.collector.signals.Grid;
import dev.chokepoint.collector.steps.Step;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The first saturated resource is the earliest onset after removing symptoms. In the pool case the
 * workers fill up a second before the pool's queue crosses the threshold; whether the workers or
 * the pool is named depends only on the rules' {@code explains}.
 */
class SymptomRemovalTest {

    static final String RESOURCES = """
            resources:
              - {id: tomcat-workers, name: workers, utilization: busy / max, saturation: queued}
              - {id: connection-pool, name: pool, utilization: active / max, saturation: pending}
            """;
    static final String WORKERS = """
              - id: workers-full
                resource: tomcat-workers
                when: workers_busy >= workers_max
                sustain: 3s
                utilization: workers_utilization
                saturation: worker_queue
                %s
                summary: "{workers_busy} busy"
                advice: "see the pool"
            """;
    static final String POOL = """
              - id: pool-queue
                resource: connection-pool
                when: pool_pending >= 12.0
                sustain: 3s
                utilization: pool_utilization
                saturation: pool_pending
                %s
                summary: "pending {pool_pending}"
                advice: "shorten transactions"
            """;

    private StepVerdict lastStep(String workersExplains, String poolExplains) throws Exception {
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        String file = "schema: 1\n" + RESOURCES + "rules:\n" + WORKERS.formatted(workersExplains) + POOL.formatted(poolExplains);
        RuleSet rules = RuleSet.of(Map.of("test.yaml", new StringReader(file)));
        Grid grid = Grid.covering(pool.run.startMillis(), pool.run.endMillis());
        Step first = pool.steps.get(0);
        Fleet fleet = new Fleet(pool.run, grid, new Baseline(first.startMillis(), first.endMillis()));
        StepJudge judge = new StepJudge(fleet.frames(), rules.rules(), grid);
        Step last = pool.steps.get(3);
        return judge.judge(last, fleet.traffic(last), Slo.parse("p95<=300ms"));
    }

    @Test
    void without_explains_the_earliest_onset_wins() throws Exception {
        StepVerdict v = lastStep("", "");

        assertThat(v.firstSaturated().resource().id()).isEqualTo("tomcat-workers");
        assertThat(v.consequences()).singleElement().satisfies(c -> {
            assertThat(c.resource().id()).isEqualTo("connection-pool");
            assertThat(c.explainedBy()).as("independent, not a consequence").isNull();
            assertThat(c.onsetMillis()).isGreaterThan(v.firstSaturated().onsetMillis());
        });
    }

    @Test
    void a_resource_explained_by_another_saturated_one_is_a_consequence_even_if_it_came_first() throws Exception {
        StepVerdict v = lastStep("", "explains: [tomcat-workers]");

        assertThat(v.firstSaturated().resource().id()).isEqualTo("connection-pool");
        assertThat(v.consequences()).singleElement().satisfies(c -> {
            assertThat(c.resource().id()).isEqualTo("tomcat-workers");
            assertThat(c.explainedBy().id()).isEqualTo("connection-pool");
        });
    }

    @Test
    void resources_explaining_each_other_fall_back_to_the_earliest_onset() throws Exception {
        StepVerdict v = lastStep("explains: [connection-pool]", "explains: [tomcat-workers]");

        assertThat(v.firstSaturated().resource().id()).isEqualTo("tomcat-workers");
    }
}
