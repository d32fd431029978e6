package dev.chokepoint.collector.rules;

import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rule expression evaluated as plain Java gives CEL's result to the bit: on every default rule
 * (each condition, value and term side) and on inputs chosen to meet the edges, the thresholds
 * themselves, a step beside them, zeros of both signs, infinities, zero divided by zero, and
 * unknown values.
 */
class PlainExpressionTest {

    @Test
    void every_default_rule_expression_is_plain_and_agrees_with_cel() throws Exception {
        // given the default rules
        List<CompiledRule> rules = RuleSet.load(List.of()).rules();

        // when each expression is evaluated both ways at random points
        int compared = 0;
        for (CompiledRule rule : rules) {
            for (BoundExpression e : rule.expressions()) {
                // then each has the plain form and the same result as CEL's interpreter
                assertThat(e.plain()).as(rule.id() + " " + e.signals()).isTrue();
            }
            compared += CelAgreement.agree(rule, celOnly(rule));
        }
        assertThat(compared).isGreaterThan(100 * CelAgreement.POINTS);
    }

    @Test
    void shapes_left_to_cel_still_evaluate_and_the_plain_ones_meet_cel_at_the_edges() throws Exception {
        // given conditions of every supported shape, and two that CEL keeps (== and a ternary)
        String rules = """
                schema: 1
                resources:
                  - {id: connection-pool, name: pool, utilization: active / max, saturation: pending}
                rules:
                  - id: shapes
                    resource: connection-pool
                    when: |
                      !(pool_pending > 0) || -pool_active <= -1 && 0 < pool_max / pool_active
                      || pool_pending >= double(2) && pool_active - pool_max * 2.0 + 1.5 < params.p || false
                    sustain: 1s
                    params: {p: 0.5}
                    utilization: pool_active / pool_max
                    saturation: pool_pending + double(pool_max)
                    summary: "x"
                    advice: "x"
                  - id: equality
                    resource: connection-pool
                    when: pool_pending == 0.0
                    sustain: 1s
                    utilization: "pool_active > 1.0 ? pool_active : 0.0"
                    saturation: pool_pending
                    summary: "x"
                    advice: "x"
                """;
        List<CompiledRule> compiled = RuleSet.of(Map.of("shapes.yaml", new StringReader(rules))).rules();

        // when each expression is evaluated both ways at random points, then the results agree
        for (CompiledRule rule : compiled) {
            CelAgreement.agree(rule, celOnly(rule));
        }
        // and the supported shapes are plain, the others CEL's
        assertThat(compiled.get(0).expressions()).allMatch(BoundExpression::plain);
        assertThat(compiled.get(1).expressions().get(0).plain()).as("== stays with CEL").isFalse();
        assertThat(compiled.get(1).expressions().get(1).plain()).as("a ternary stays with CEL").isFalse();
        assertThat(compiled.get(1).expressions().get(2).plain()).as("a signal alone is plain").isTrue();
    }

    @Test
    void a_double_compared_with_an_integer_follows_cels_ordering() {
        // CEL orders a double against an integer with Double.compare: -0.0 below 0, NaN above all
        assertThat(PlainExpression.compareDoubleInt(-0.0, 0)).isNegative();
        assertThat(PlainExpression.compareDoubleInt(Double.NaN, Long.MAX_VALUE)).isPositive();
        assertThat(PlainExpression.compareDoubleInt(Double.NEGATIVE_INFINITY, Long.MIN_VALUE)).isNegative();
        assertThat(PlainExpression.compareDoubleInt(2.0, 2)).isZero();
    }

    /** The rule compiled again by CEL alone: the reference. */
    private static CompiledRule celOnly(CompiledRule rule) {
        List<RuleError> errors = new ArrayList<>();
        CompiledRule cel = RuleCompiler.compile(rule.rule(), rule.resource(), rule.explains(), errors, false);
        assertThat(errors).isEmpty();
        return cel;
    }
}
