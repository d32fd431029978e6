package dev.chokepoint.collector.rules;

import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rule expression evaluated as plain Java gives CEL's result to the bit: on every default rule
 * (each condition, value and term side) and on inputs chosen to meet the edges, the thresholds
 * themselves, a step beside them, zeros of both signs, infinities, zero divided by zero, and
 * unknown values.
 */
class PlainExpressionTest {

    private static final int POINTS = 1_000;

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
                compared += agreeAtRandomPoints(rule.id(), e, rule.rule().params());
            }
        }
        assertThat(compared).isGreaterThan(100 * POINTS);
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
            for (BoundExpression e : rule.expressions()) {
                agreeAtRandomPoints(rule.id(), e, rule.rule().params());
            }
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

    /** Compares the expression's result with CEL's at random points; returns how many points. */
    private static int agreeAtRandomPoints(String rule, BoundExpression e, Map<String, Double> params) {
        Random random = new Random(rule.hashCode() * 31L + e.signals().hashCode());
        List<Double> edges = new ArrayList<>(List.of(0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e300, -1e300,
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.NaN));
        for (double p : params.values()) {
            edges.addAll(List.of(p, Math.nextUp(p), Math.nextDown(p), p - 0.5, p + 0.5));
        }
        double[] in = new double[e.signals().size()];
        for (int n = 0; n < POINTS; n++) {
            for (int i = 0; i < in.length; i++) {
                in[i] = random.nextInt(3) == 0 ? random.nextDouble() * 20 - 5 : edges.get(random.nextInt(edges.size()));
            }
            boolean unknown = java.util.Arrays.stream(in).anyMatch(Double::isNaN);
            Object cel = unknown ? null : e.celValue(in);
            // Described only on failure: formatting every point was most of the test's time.
            java.util.function.Supplier<String> at = () -> rule + " " + e.signals() + " at " + java.util.Arrays.toString(in);
            if (!unknown) {
                assertThat(cel).as(() -> "CEL evaluates " + at.get()).isNotNull();
            }
            if (cel instanceof Boolean b) {
                assertThat(e.holds(in)).as(at).isEqualTo(b);
            } else {
                double expected = cel instanceof Double d && !d.isInfinite() ? d : Double.NaN;
                assertThat(Double.doubleToRawLongBits(e.number(in))).as(at).isEqualTo(Double.doubleToRawLongBits(expected));
                if (unknown) {
                    assertThat(e.holds(in)).as(at).isFalse();
                }
            }
        }
        return POINTS;
    }
}
