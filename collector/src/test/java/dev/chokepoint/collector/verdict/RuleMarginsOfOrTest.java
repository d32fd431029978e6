package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.analysis.CaseFixture;
import dev.chokepoint.collector.rules.RuleSet;
import dev.chokepoint.collector.signals.Baseline;
import dev.chokepoint.collector.signals.Fleet;
import dev.chokepoint.collector.signals.Grid;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The margin report reads a condition with an {@code ||}: the group's margin is its strongest
 * branch's, so it agrees with the engine (positive exactly where the rule fired), and the branch
 * that decided is the one shown. The pool case: 1, 3, 6, 10 connections active of 10 at steps 1-4,
 * 1, 3, 8, 200 workers busy (3 % noise).
 */
class RuleMarginsOfOrTest {

    private static final String RULES = """
            schema: 1
            resources:
              - {id: connection-pool, name: pool, utilization: active / max, saturation: pending}
            rules:
              - id: either
                resource: connection-pool
                when: |
                  requests_in_window >= 5 && (pool_active >= 12.0 || workers_busy >= 100.0)
                sustain: 3s
                utilization: pool_utilization
                saturation: pool_pending
                summary: "{pool_active} active"
                advice: "x"
              - id: both
                resource: connection-pool
                when: |
                  requests_in_window >= 5 && pool_active >= 12.0 && workers_busy >= 100.0
                sustain: 3s
                utilization: pool_utilization
                saturation: pool_pending
                summary: "{pool_active} active"
                advice: "x"
            """;

    @Test
    void an_or_group_is_as_far_from_holding_as_its_strongest_branch() throws Exception {
        // given the pool case and two rules on the same comparisons, one joined by ||, one by &&
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        RuleSet rules = RuleSet.of(Map.of("test.yaml", new StringReader(RULES)));
        Grid grid = Grid.covering(pool.run.startMillis(), pool.run.endMillis());
        Fleet fleet = new Fleet(pool.run, grid, new Baseline(pool.steps.get(0).startMillis(), pool.steps.get(0).endMillis()));

        // when
        List<RuleMargins.Row> rows = new RuleMargins(fleet.frames(), rules.rules(), grid).of(pool.steps);

        // then at step 4 the || fires on its workers branch (200 busy of 100: +100 %) though 10 active is 17 % short of 12
        RuleMargins.Row either4 = row(rows, "either", 4);
        assertThat(either4.fired()).isTrue();
        assertThat(either4.evidenceHeld()).isTrue();
        assertThat(either4.term()).isEqualTo("workers_busy >= 100.0");
        assertThat(either4.margin()).isCloseTo(1.0, within(0.1));
        // and the && stays silent there, its weaker comparison deciding
        RuleMargins.Row both4 = row(rows, "both", 4);
        assertThat(both4.fired()).isFalse();
        assertThat(both4.term()).isEqualTo("pool_active >= 12.0");
        assertThat(both4.margin()).isCloseTo(-1.0 / 6, within(0.05));
        // and at step 3 every branch fails: the one closest to holding decides (6 active of 12: −50 %; 8 busy of 100: −92 %)
        RuleMargins.Row either3 = row(rows, "either", 3);
        assertThat(either3.fired()).isFalse();
        assertThat(either3.term()).isEqualTo("pool_active >= 12.0");
        assertThat(either3.value()).isCloseTo(6, within(0.5));
        assertThat(either3.margin()).isCloseTo(-0.5, within(0.05));
        // and the margin's sign is the engine's verdict on every step
        assertThat(rows).hasSize(8).allSatisfy(r -> assertThat(r.margin() >= 0).as(r.toString()).isEqualTo(r.fired()));
    }

    private static RuleMargins.Row row(List<RuleMargins.Row> rows, String rule, int step) {
        return rows.stream().filter(r -> r.rule().equals(rule) && r.step() == step).findFirst().orElseThrow();
    }
}
