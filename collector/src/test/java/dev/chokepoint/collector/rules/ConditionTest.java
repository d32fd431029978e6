package dev.chokepoint.collector.rules;

import dev.chokepoint.collector.rules.Condition.Leaf;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rule's condition splits into the comparisons the margin report measures and how {@code &&}
 * and {@code ||} join them, or into none; the joined margin is decided by one comparison.
 */
class ConditionTest {

    @Test
    void a_conjunction_of_comparisons_splits_at_the_top_level_ands() {
        Condition.Parsed p = Condition.parse("""
                requests_in_window >= params.min_requests && samples_in_window >= params.min_samples
                && workers_busy >= params.busy_share * workers_max
                && worker_queue > 0
                && request_cpu_share <= (params.max_cpu_share)
                """).orElseThrow();

        assertThat(p.comparisons()).containsExactly(
                new Comparison("requests_in_window", ">=", "params.min_requests"),
                new Comparison("samples_in_window", ">=", "params.min_samples"),
                new Comparison("workers_busy", ">=", "params.busy_share * workers_max"),
                new Comparison("worker_queue", ">", "0"),
                new Comparison("request_cpu_share", "<=", "(params.max_cpu_share)"));
        assertThat(p.root()).isEqualTo(Condition.all(List.of(new Leaf(0), new Leaf(1), new Leaf(2), new Leaf(3), new Leaf(4))));
    }

    @Test
    void a_parenthesized_or_is_one_part_of_the_conjunction() {
        Condition.Parsed p = Condition.parse("""
                pool_pending >= params.min_pending
                && (pool_active >= pool_max - 0.5 || pool_utilization >= params.min_utilization)
                """).orElseThrow();

        assertThat(p.comparisons()).containsExactly(
                new Comparison("pool_pending", ">=", "params.min_pending"),
                new Comparison("pool_active", ">=", "pool_max - 0.5"),
                new Comparison("pool_utilization", ">=", "params.min_utilization"));
        assertThat(p.root()).isEqualTo(Condition.all(List.of(new Leaf(0), Condition.any(List.of(new Leaf(1), new Leaf(2))))));
        assertThat(p.root().conjuncts()).hasSize(2);
        assertThat(p.root().conjuncts().get(1).comparisons()).containsExactly(1, 2);
    }

    @Test
    void or_binds_looser_than_and_as_in_cel() {
        assertThat(Condition.parse("a >= 1 && b >= 2 || c >= 3").orElseThrow().root())
                .isEqualTo(Condition.any(List.of(Condition.all(List.of(new Leaf(0), new Leaf(1))), new Leaf(2))));
        assertThat(Condition.parse("a >= 1 && (b >= 2 || (c >= 3 && d <= 4))").orElseThrow().root())
                .isEqualTo(Condition.all(List.of(new Leaf(0),
                        Condition.any(List.of(new Leaf(1), Condition.all(List.of(new Leaf(2), new Leaf(3))))))));
    }

    @Test
    void parentheses_around_a_side_stay_in_the_comparison() {
        Condition.Parsed p = Condition.parse("(pool_active) >= (pool_max - 0.5) || ((cpu_utilization >= 0.9))").orElseThrow();

        assertThat(p.comparisons()).containsExactly(
                new Comparison("(pool_active)", ">=", "(pool_max - 0.5)"),
                new Comparison("cpu_utilization", ">=", "0.9"));
        assertThat(p.root()).isEqualTo(Condition.any(List.of(new Leaf(0), new Leaf(1))));
    }

    @Test
    void a_condition_with_anything_but_comparisons_and_or_gets_no_form() {
        assertThat(Condition.parse("pool_pending == 1.0")).isEmpty();
        assertThat(Condition.parse("pool_pending >= 1 && (pool_active >= 9 || !(pool_open <= 8))")).isEmpty();
        assertThat(Condition.parse("false")).isEmpty();
        assertThat(Condition.parse("pool_pending >= 1 && (pool_active + 1.0)")).isEmpty();
        assertThat(Condition.parse("pool_pending >= 1 ||")).isEmpty();
    }

    @Test
    void an_and_is_decided_by_its_weakest_comparison_an_or_by_its_strongest() {
        Condition c = Condition.parse("p >= 1 && (a >= 9.5 || u >= 0.8)").orElseThrow().root();

        // firing through the second branch only: the branch that holds decides the group, the group
        // is weaker than p, so it decides the condition
        assertThat(c.deciding(new double[] {16.8, -0.16, 0.11})).isEqualTo(2);
        // both branches hold: the better one
        assertThat(c.deciding(new double[] {16.8, 0.05, 0.14})).isEqualTo(2);
        assertThat(c.deciding(new double[] {16.8, 0.30, 0.14})).isEqualTo(1);
        // silent group: every branch fails, the one closest to holding decides
        assertThat(c.deciding(new double[] {16.8, -0.19, -0.21})).isEqualTo(1);
        // silent on p (weaker than the group's best branch)
        assertThat(c.deciding(new double[] {-1.0, -0.19, -0.21})).isEqualTo(0);
        // a branch unknown: the engine does not hold the condition, it has no margin
        assertThat(c.deciding(new double[] {16.8, Double.NaN, 0.5})).isEqualTo(-1);
        assertThat(Condition.all(List.of()).deciding(new double[0])).isEqualTo(-1);
    }
}
