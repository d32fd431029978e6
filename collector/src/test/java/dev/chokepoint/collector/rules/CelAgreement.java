package dev.chokepoint.collector.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Holds a rule as the collector compiles it (plain where {@link PlainParser} reads an expression)
 * to the same rule compiled by CEL alone: the same errors, the same terms, and each expression
 * reading the same signals and giving CEL's result to the bit at random points and at the edges:
 * the params themselves and a step beside them, zeros of both signs, infinities, the largest and
 * smallest doubles, the doubles around a long's range, and unknown values.
 */
final class CelAgreement {

    static final int POINTS = 1_000;

    private CelAgreement() {
    }

    /** The two compilations of {@code rule}: CEL's errors (none, or the same), the plain one (null where refused). */
    static CompiledRule agree(Rule rule, Resource resource, List<Resource> explains) {
        List<RuleError> plainErrors = new ArrayList<>();
        List<RuleError> celErrors = new ArrayList<>();
        CompiledRule plain = RuleCompiler.compile(rule, resource, explains, plainErrors, true);
        CompiledRule cel = RuleCompiler.compile(rule, resource, explains, celErrors, false);
        assertThat(plainErrors).as("errors of %s", rule.when()).isEqualTo(celErrors);
        assertThat(plain == null).as("refused: %s", rule.when()).isEqualTo(cel == null);
        if (plain != null) {
            agree(plain, cel);
        }
        return plain;
    }

    /** Asserts that two compilations of one rule read the same terms and agree on every expression; returns the points compared. */
    static int agree(CompiledRule plain, CompiledRule cel) {
        assertThat(plain.terms()).extracting(CompiledRule.Term::comparison)
                .isEqualTo(cel.terms().stream().map(CompiledRule.Term::comparison).toList());
        assertThat(plain.terms()).extracting(CompiledRule.Term::evidence)
                .isEqualTo(cel.terms().stream().map(CompiledRule.Term::evidence).toList());
        assertThat(plain.condition()).isEqualTo(cel.condition());
        assertThat(plain.signals()).isEqualTo(cel.signals());
        List<BoundExpression> plainExpressions = plain.expressions();
        List<BoundExpression> celExpressions = cel.expressions();
        assertThat(plainExpressions).hasSameSizeAs(celExpressions);
        int compared = 0;
        for (int i = 0; i < plainExpressions.size(); i++) {
            compared += agreeAtRandomPoints(plain.id(), plainExpressions.get(i), celExpressions.get(i), plain.rule().params());
        }
        return compared;
    }

    /** Compares an expression's result with CEL's at random points; returns how many points. */
    static int agreeAtRandomPoints(String rule, BoundExpression e, BoundExpression cel, Map<String, Double> params) {
        assertThat(e.signals()).as(rule).containsExactlyElementsOf(cel.signals());
        Random random = new Random(rule.hashCode() * 31L + e.signals().hashCode());
        List<Double> edges = new ArrayList<>(List.of(0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e300, -1e300,
                Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.NaN,
                -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 1e-300, 0x1p63, -0x1p63, Math.nextDown(0x1p63)));
        for (double p : params.values()) {
            edges.addAll(List.of(p, Math.nextUp(p), Math.nextDown(p), p - 0.5, p + 0.5));
        }
        double[] in = new double[e.signals().size()];
        for (int n = 0; n < POINTS; n++) {
            for (int i = 0; i < in.length; i++) {
                in[i] = random.nextInt(3) == 0 ? random.nextDouble() * 20 - 5 : edges.get(random.nextInt(edges.size()));
            }
            boolean unknown = Arrays.stream(in).anyMatch(Double::isNaN);
            Object value = unknown ? null : cel.celValue(in);
            // Described only on failure: formatting every point was most of the test's time.
            Supplier<String> at = () -> rule + " " + e.signals() + " at " + Arrays.toString(in);
            if (!unknown && e.plain()) {
                // Plain shapes cannot fail in CEL (double arithmetic); the others may (int(1e300)).
                assertThat(value).as(() -> "CEL evaluates " + at.get()).isNotNull();
            }
            if (value instanceof Boolean b) {
                assertThat(e.holds(in)).as(at).isEqualTo(b);
            } else {
                double expected = value instanceof Double d && !d.isInfinite() ? d : Double.NaN;
                assertThat(Double.doubleToRawLongBits(e.number(in))).as(at).isEqualTo(Double.doubleToRawLongBits(expected));
                if (unknown) {
                    assertThat(e.holds(in)).as(at).isFalse();
                }
            }
        }
        return POINTS;
    }
}
