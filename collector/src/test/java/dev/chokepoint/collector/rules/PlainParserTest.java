package dev.chokepoint.collector.rules;

import dev.chokepoint.collector.signals.Signal;
import dev.chokepoint.collector.signals.SignalCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Our own reading of the plain expressions accepts, refuses and computes exactly as CEL does: each
 * expression below is compiled as the collector compiles it and by CEL alone, and the two must
 * give the same errors, the same signals and CEL's result to the bit at random and edge points
 * ({@link CelAgreement}). The expected reading guards the other way: shapes the rules are written in
 * must stay plain (a parser that left everything to CEL would agree trivially), and a shape CEL
 * types differently (integer arithmetic, an int beside a double) must not be.
 */
class PlainParserTest {

    /** How the collector reads an expression. */
    enum Reading {
        /** Without CEL. */
        PLAIN,
        /** Valid, left to CEL (integer arithmetic, {@code ==}, a ternary, other functions, other literals). */
        CEL,
        /** Refused by CEL, with CEL's message. */
        ERROR
    }

    private static final Map<String, Double> PARAMS = new TreeMap<>(Map.of("p", 0.5, "q", 2.0));
    private static final Resource POOL = new Resource("connection-pool", "pool", "active / max", "pending", null, 0,
            null, null, null, 0, new Rule.Origin("tricky.yaml", 1, Map.of()));

    static Stream<Arguments> conditions() {
        return Stream.of(
                // precedence and associativity: a wrong grouping changes the value at random points
                arguments("pool_active - pool_max - pool_pending > 0.0", Reading.PLAIN),
                arguments("pool_active / pool_max * pool_pending >= 1.5", Reading.PLAIN),
                arguments("pool_active + pool_max * pool_pending > params.p", Reading.PLAIN),
                arguments("pool_active * pool_max - pool_pending / pool_max < params.q", Reading.PLAIN),
                arguments("!(pool_active > 1.0) && pool_max > 2.0", Reading.PLAIN),
                arguments("pool_active > 0 || pool_max < -1 && pool_pending >= 2", Reading.PLAIN),
                arguments("pool_active > 0 && pool_max < 1 || pool_pending >= 2", Reading.PLAIN),
                arguments("(pool_active > 0 || pool_max < 1) && pool_pending >= 2", Reading.PLAIN),
                arguments("!(pool_active > 0 || pool_max < 1) || !true", Reading.PLAIN),
                arguments("pool_active < pool_max < pool_pending", Reading.ERROR),
                // unary runs: CEL applies an odd run once, drops an even one unchecked
                arguments("-pool_active < 0", Reading.PLAIN),
                arguments("- -pool_active < 0.5", Reading.PLAIN),
                arguments("---pool_active < -0.5", Reading.PLAIN),
                arguments("!!pool_active > 1.0", Reading.PLAIN),
                arguments("!!(pool_active > 1.0)", Reading.PLAIN),
                arguments("!!!(pool_active > 1.0)", Reading.PLAIN),
                arguments("!pool_active > 1.0", Reading.ERROR),
                arguments("!-pool_active > 1.0", Reading.ERROR),
                arguments("-!true", Reading.ERROR),
                arguments("--true", Reading.PLAIN),
                arguments("true", Reading.PLAIN),
                arguments("false || pool_active >= pool_max", Reading.PLAIN),
                // integer literals beside doubles: heterogeneous comparisons only
                arguments("pool_active > 0", Reading.PLAIN),
                arguments("0 < pool_active", Reading.PLAIN),
                arguments("pool_active > -1", Reading.PLAIN),
                arguments("pool_active > - 1", Reading.PLAIN),
                arguments("pool_active > --1", Reading.PLAIN),
                arguments("pool_active > ---1", Reading.CEL),
                arguments("pool_active > -(1)", Reading.CEL),
                arguments("pool_active > (-1)", Reading.PLAIN),
                arguments("pool_active > 007", Reading.PLAIN),
                arguments("pool_active > -0", Reading.PLAIN),
                arguments("pool_active > 9223372036854775807", Reading.PLAIN),
                arguments("pool_active < -9223372036854775808", Reading.PLAIN),
                arguments("pool_active > 9223372036854775808", Reading.ERROR),
                arguments("pool_active > --9223372036854775808", Reading.ERROR),
                arguments("pool_active > 0x10", Reading.CEL),
                arguments("pool_active > -0x10", Reading.CEL),
                arguments("pool_active > 0X10", Reading.ERROR),
                arguments("pool_active > 1u", Reading.CEL),
                arguments("pool_active > 1 + 1", Reading.CEL),
                arguments("1 < 2", Reading.CEL),
                arguments("pool_active * 2 > 1.0", Reading.ERROR),
                arguments("2 * pool_active > 1.0", Reading.ERROR),
                arguments("pool_active + 1 > 1.0", Reading.ERROR),
                arguments("pool_active - -1 > 1.0", Reading.ERROR),
                arguments("double(1) < pool_active", Reading.PLAIN),
                arguments("double(-1) < pool_active", Reading.PLAIN),
                arguments("double (2) * pool_active > 1.0", Reading.PLAIN),
                // double literals of every form CEL reads
                arguments("pool_active > 1e3 || pool_max > 1E+3 || pool_pending > 1e-3", Reading.PLAIN),
                arguments("pool_active > .5 && pool_max < .5e1", Reading.PLAIN),
                arguments("pool_active > 00.5", Reading.PLAIN),
                arguments("pool_active >= -0.0", Reading.PLAIN),
                arguments("pool_active >= 0.0 * -1.0", Reading.PLAIN),
                arguments("pool_active < 1e400 && pool_max > -1e400", Reading.PLAIN),
                arguments("pool_active > 1e-400 || pool_max > 4.9e-324", Reading.PLAIN),
                arguments("pool_active - --1.5 > ---2.5", Reading.PLAIN),
                arguments("pool_active---1.5 > 0.0", Reading.PLAIN),
                arguments("pool_active > 1.", Reading.ERROR),
                arguments("pool_active > 1.e3", Reading.ERROR),
                arguments("pool_active > 1e", Reading.ERROR),
                arguments("pool_active > 1..5", Reading.ERROR),
                // layout: YAML block scalars, tabs, comments
                arguments("pool_active > 1.0\n&& pool_max > 2.0\n", Reading.PLAIN),
                arguments("\tpool_active\r\n>\f1.0 ", Reading.PLAIN),
                arguments("pool_active > 1.0 // a comment\n&& pool_max > 2.0", Reading.PLAIN),
                arguments("pool_active > 1.0 // a comment && pool_max > 2.0", Reading.PLAIN),
                arguments("// only a comment\npool_active > 1.0", Reading.PLAIN),
                arguments("pool_active\u00a0> 1.0", Reading.ERROR),
                arguments("pool_active > 1.0 /* no block comments */", Reading.ERROR),
                arguments("", Reading.ERROR),
                arguments("pool_active > 1.0 &&", Reading.ERROR),
                arguments("pool_active > 1.0 & pool_max > 1.0", Reading.ERROR),
                arguments("pool_active > 1.0 and pool_max > 1.0", Reading.ERROR),
                arguments("(pool_active > 1.0", Reading.ERROR),
                arguments("pool_active > 1.0)", Reading.ERROR),
                // names: signals, params, functions
                arguments("pool_active > params.p", Reading.PLAIN),
                arguments("pool_active > params . p", Reading.PLAIN),
                arguments("pool_active > params.\n  q", Reading.PLAIN),
                arguments("pool_active > params.r", Reading.ERROR),
                arguments("pool_active > params", Reading.ERROR),
                arguments("pool_active > params.p.q", Reading.ERROR),
                arguments("pool_active > .pool_max", Reading.CEL),
                arguments("downstream_host > 1.0", Reading.ERROR),
                arguments("no_such_signal > 1.0", Reading.ERROR),
                arguments("pool_activex > 1.0", Reading.ERROR),
                arguments("pool_active.max > 1.0", Reading.ERROR),
                arguments("in > 1.0", Reading.ERROR),
                arguments("null", Reading.ERROR),
                arguments("pool_active == 1.0", Reading.CEL),
                arguments("pool_active != 1.0", Reading.CEL),
                arguments("pool_active > 1.0 ? true : false", Reading.CEL),
                arguments("pool_active in [1.0, 2.0]", Reading.CEL),
                arguments("int(pool_active) > 1", Reading.CEL),
                arguments("double('1.5') < pool_active", Reading.CEL),
                arguments("double(1u) < pool_active", Reading.CEL),
                arguments("double(1 + 1) < pool_active", Reading.CEL),
                arguments("double(---1) < pool_active", Reading.CEL),
                arguments("max(pool_active, 1.0) > 1.0", Reading.ERROR),
                arguments("double(pool_active, 1.0) > 1.0", Reading.ERROR),
                arguments("double() > 1.0", Reading.ERROR),
                arguments("double(true) > 1.0", Reading.ERROR),
                arguments("double > 1.0", Reading.ERROR),
                arguments("pool_active.double() > 1.0", Reading.ERROR),
                // wrong result type
                arguments("pool_active", Reading.ERROR),
                arguments("pool_active + 1.0", Reading.ERROR),
                arguments("1", Reading.ERROR),
                // as deep as the plain reading goes (CEL refuses past 250 levels)
                arguments("(".repeat(60) + "pool_active > 1.0" + ")".repeat(60), Reading.PLAIN),
                arguments("pool_active" + " + pool_active".repeat(60) + " > 1.0", Reading.PLAIN),
                arguments("(pool_active + ".repeat(30) + "pool_max" + ")".repeat(30) + " > 1.0", Reading.PLAIN),
                arguments("pool_active > 1.0" + " && pool_max > 1.0".repeat(30), Reading.PLAIN),
                arguments("-".repeat(120) + "pool_active > 1.0", Reading.PLAIN),
                arguments("pool_active" + " + pool_active".repeat(300) + " > 1.0", Reading.ERROR));
    }

    static Stream<Arguments> numbers() {
        return Stream.of(
                arguments("pool_active - pool_max - pool_pending", Reading.PLAIN),
                arguments("pool_active - (pool_max - pool_pending)", Reading.PLAIN),
                arguments("pool_active / pool_max * pool_pending", Reading.PLAIN),
                arguments("pool_active / (pool_max * pool_pending)", Reading.PLAIN),
                arguments("pool_active + pool_max * pool_pending", Reading.PLAIN),
                arguments("(pool_active + pool_max) * pool_pending", Reading.PLAIN),
                arguments("pool_active * pool_max + pool_pending / params.q", Reading.PLAIN),
                arguments("-pool_active", Reading.PLAIN),
                arguments("- -pool_active", Reading.PLAIN),
                arguments("---pool_active", Reading.PLAIN),
                arguments("-(pool_active - pool_max)", Reading.PLAIN),
                arguments("-pool_active * pool_max", Reading.PLAIN),
                arguments("!!pool_active", Reading.PLAIN),
                arguments("double(1)", Reading.PLAIN),
                arguments("double(-1)", Reading.PLAIN),
                arguments("double(--1)", Reading.PLAIN),
                arguments("double(9223372036854775807)", Reading.PLAIN),
                arguments("double(double(1))", Reading.PLAIN),
                arguments("double(pool_active) / double(2)", Reading.PLAIN),
                arguments("double(1.5)", Reading.PLAIN),
                arguments("1.0", Reading.PLAIN),
                arguments("-1.5", Reading.PLAIN),
                arguments("--1.5", Reading.PLAIN),
                arguments("---1.5", Reading.PLAIN),
                arguments("-0.0", Reading.PLAIN),
                arguments("-(0.0)", Reading.PLAIN),
                arguments("0.0 / 0.0", Reading.PLAIN),
                arguments("pool_active / 0.0", Reading.PLAIN),
                arguments("pool_active - pool_active", Reading.PLAIN),
                arguments("1e400", Reading.PLAIN),
                arguments("params.p * pool_active", Reading.PLAIN),
                arguments("pool_active // the active connections", Reading.PLAIN),
                arguments("double(---1)", Reading.CEL),
                arguments("double(1u)", Reading.CEL),
                arguments("double(2 * 3)", Reading.CEL),
                arguments("pool_active > 1.0 ? pool_active : 0.0", Reading.CEL),
                arguments("1", Reading.ERROR),
                arguments("-1", Reading.ERROR),
                arguments("1 + 1", Reading.ERROR),
                arguments("pool_active + 1", Reading.ERROR),
                arguments("2 * pool_active", Reading.ERROR),
                arguments("pool_active / 2", Reading.ERROR),
                arguments("pool_active > 1.0", Reading.ERROR),
                arguments("--true", Reading.ERROR),
                arguments("-true", Reading.ERROR),
                arguments("params.r", Reading.ERROR),
                arguments("downstream_host", Reading.ERROR),
                arguments("pool_active pool_max", Reading.ERROR));
    }

    @ParameterizedTest(name = "when: {0}")
    @MethodSource("conditions")
    void a_condition_is_read_as_cel_reads_it(String when, Reading expected) {
        CompiledRule rule = CelAgreement.agree(rule(when, "pool_pending"), POOL, List.of());

        assertThat(reading(rule, 0)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "saturation: {0}")
    @MethodSource("numbers")
    void a_number_is_read_as_cel_reads_it(String saturation, Reading expected) {
        CompiledRule rule = CelAgreement.agree(rule("pool_pending > 0", saturation), POOL, List.of());

        assertThat(reading(rule, 1)).isEqualTo(expected);
    }

    @Test
    void every_numeric_signal_of_the_catalog_is_read_plain_and_as_cel_reads_it() {
        // given every signal a rule may compute with, a few at a time (one long sum would go to CEL)
        List<String> names = SignalCatalog.signals().values().stream().filter(s -> !s.text()).map(Signal::name).sorted().toList();
        for (int from = 0; from < names.size(); from += 20) {
            String sum = String.join(" + ", names.subList(from, Math.min(names.size(), from + 20)));

            // when summed and compared, then each is read plain, with CEL's signals and values
            CompiledRule rule = CelAgreement.agree(rule(sum + " > params.p", sum), POOL, List.of());
            assertThat(rule.expressions()).allMatch(BoundExpression::plain);
        }
    }

    private static Reading reading(CompiledRule rule, int expression) {
        if (rule == null) {
            return Reading.ERROR;
        }
        return rule.expressions().get(expression).plain() ? Reading.PLAIN : Reading.CEL;
    }

    private static Rule rule(String when, String saturation) {
        return new Rule("tricky", POOL.id(), Severity.WARNING, when, 1_000, null, saturation, null, List.of(), null,
                false, PARAMS, "x", "x", null, new Rule.Origin("tricky.yaml", 1, Map.of("when", 4, "saturation", 6)));
    }
}
