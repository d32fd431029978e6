package dev.chokepoint.collector.rules;

import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.ast.CelConstant;
import dev.cel.common.ast.CelExpr;
import dev.cel.common.ast.CelReference;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A checked rule expression evaluated as plain Java instead of by CEL's interpreter, for the
 * shapes rules are written in: number literals, signals and params, {@code + - * /}, unary minus,
 * {@code < <= > >=}, {@code && || !} and {@code double()}. The analysis evaluates the rules about a
 * million times for 10 targets; CEL's interpreter boxed every value and allocated a frame at each,
 * and its many methods were a good part of what the JIT compiled. An expression with any other
 * shape (another function, integer arithmetic, {@code ==}, a ternary) stays with CEL.
 *
 * <p>Results are CEL's to the bit: a double compared with an integer literal goes through
 * {@code Double.compare}, as CEL's heterogeneous comparison does (NaN above every integer, -0.0
 * below 0), a double with a double through Java's operators, as CEL's double overloads do; double
 * arithmetic cannot fail in CEL, so {@code &&} and {@code ||} never see an error to absorb.
 * PlainExpressionTest holds the two to the same results on every default rule.
 */
final class PlainExpression {

    /** A double-valued node, reading the expression's signals from {@code in} (in its signal order). */
    private interface Number {
        double at(double[] in);
    }

    /** A bool-valued node. */
    private interface Truth {
        boolean at(double[] in);
    }

    /** Thrown while building when a node has a shape this class leaves to CEL. */
    private static final class Unsupported extends Exception {
        Unsupported() {
            super(null, null, false, false);
        }
    }

    private final Number number;
    private final Truth truth;

    private PlainExpression(Number number, Truth truth) {
        this.number = number;
        this.truth = truth;
    }

    /**
     * The plain form of {@code root}, a node of {@code ast}, or empty where it has a shape left to CEL. {@code signals}: the
     * order in which {@link #number(double[])} and {@link #holds(double[])} receive their values;
     * {@code params}: the rule's, bound here as constants.
     */
    static Optional<PlainExpression> of(CelAbstractSyntaxTree ast, CelExpr root, List<String> signals,
                                        Map<String, Double> params) {
        try {
            Object node = new Builder(ast, signals, params).node(root);
            if (node instanceof Number n) {
                return Optional.of(new PlainExpression(n, null));
            }
            if (node instanceof Truth t) {
                return Optional.of(new PlainExpression(null, t));
            }
            return Optional.empty();
        } catch (Unsupported e) {
            return Optional.empty();
        }
    }

    /** Whether the expression yields a bool (else a double). */
    boolean isCondition() {
        return truth != null;
    }

    boolean holds(double[] in) {
        return truth.at(in);
    }

    double number(double[] in) {
        return number.at(in);
    }

    /** Turns checked AST nodes into {@link Number}, {@link Truth} or a {@link Long} (an integer literal). */
    private record Builder(CelAbstractSyntaxTree ast, List<String> signals, Map<String, Double> params) {

        Object node(CelExpr e) throws Unsupported {
            return switch (e.exprKind().getKind()) {
                case CONSTANT -> constant(e.constant());
                case IDENT, SELECT -> variable(e);
                case CALL -> call(e);
                default -> throw new Unsupported();
            };
        }

        private static Object constant(CelConstant c) throws Unsupported {
            return switch (c.getKind()) {
                case INT64_VALUE -> c.int64Value();
                case DOUBLE_VALUE -> {
                    double v = c.doubleValue();
                    yield (Number) in -> v;
                }
                case BOOLEAN_VALUE -> {
                    boolean v = c.booleanValue();
                    yield (Truth) in -> v;
                }
                default -> throw new Unsupported();
            };
        }

        private Object variable(CelExpr e) throws Unsupported {
            CelReference ref = ast.getReference(e.id()).orElseThrow(Unsupported::new);
            if (ref.value().isPresent()) {
                throw new Unsupported();
            }
            String name = ref.name();
            if (name.startsWith("params.")) {
                Double v = params.get(name.substring("params.".length()));
                if (v == null) {
                    throw new Unsupported();
                }
                double value = v;
                return (Number) in -> value;
            }
            int slot = signals.indexOf(name);
            if (slot < 0) {
                throw new Unsupported();
            }
            return (Number) in -> in[slot];
        }

        private Object call(CelExpr e) throws Unsupported {
            CelReference ref = ast.getReference(e.id()).orElseThrow(Unsupported::new);
            if (ref.overloadIds().size() != 1 || e.call().target().isPresent()) {
                throw new Unsupported();
            }
            List<CelExpr> args = e.call().args();
            String overload = ref.overloadIds().get(0);
            return switch (overload) {
                case "add_double" -> arithmetic(args, '+');
                case "subtract_double" -> arithmetic(args, '-');
                case "multiply_double" -> arithmetic(args, '*');
                case "divide_double" -> arithmetic(args, '/');
                case "negate_double" -> {
                    Number a = number(args.get(0));
                    yield (Number) in -> -a.at(in);
                }
                case "double_to_double" -> number(args.get(0));
                case "int64_to_double" -> {
                    double v = integer(args.get(0));
                    yield (Number) in -> v;
                }
                case "logical_and" -> {
                    Truth a = truth(args.get(0));
                    Truth b = truth(args.get(1));
                    yield (Truth) in -> a.at(in) && b.at(in);
                }
                case "logical_or" -> {
                    Truth a = truth(args.get(0));
                    Truth b = truth(args.get(1));
                    yield (Truth) in -> a.at(in) || b.at(in);
                }
                case "logical_not" -> {
                    Truth a = truth(args.get(0));
                    yield (Truth) in -> !a.at(in);
                }
                default -> comparison(overload, args);
            };
        }

        private Number arithmetic(List<CelExpr> args, char op) throws Unsupported {
            Number a = number(args.get(0));
            Number b = number(args.get(1));
            return switch (op) {
                case '+' -> in -> a.at(in) + b.at(in);
                case '-' -> in -> a.at(in) - b.at(in);
                case '*' -> in -> a.at(in) * b.at(in);
                default -> in -> a.at(in) / b.at(in);
            };
        }

        /** {@code less_double}, {@code greater_equals_double_int64}, {@code less_int64_double}, … */
        private Truth comparison(String overload, List<CelExpr> args) throws Unsupported {
            Comparator op = Comparator.of(overload);
            String operands = overload.substring(op.prefix.length());
            switch (operands) {
                case "double" -> {
                    Number a = number(args.get(0));
                    Number b = number(args.get(1));
                    return op.doubles(a, b);
                }
                case "double_int64" -> {
                    Number a = number(args.get(0));
                    long b = integer(args.get(1));
                    return in -> op.holds(compareDoubleInt(a.at(in), b));
                }
                case "int64_double" -> {
                    long a = integer(args.get(0));
                    Number b = number(args.get(1));
                    return in -> op.holds(-compareDoubleInt(b.at(in), a));
                }
                default -> throw new Unsupported();
            }
        }

        private Number number(CelExpr e) throws Unsupported {
            if (node(e) instanceof Number n) {
                return n;
            }
            throw new Unsupported();
        }

        private Truth truth(CelExpr e) throws Unsupported {
            if (node(e) instanceof Truth t) {
                return t;
            }
            throw new Unsupported();
        }

        private long integer(CelExpr e) throws Unsupported {
            if (node(e) instanceof Long l) {
                return l;
            }
            throw new Unsupported();
        }
    }

    /** CEL's comparison of a double with an integer ({@code ComparisonFunctions.compareDoubleInt}). */
    static int compareDoubleInt(double d, long l) {
        if (d < (double) Long.MIN_VALUE) {
            return -1;
        }
        if (d > (double) Long.MAX_VALUE) {
            return 1;
        }
        return Double.compare(d, (double) l);
    }

    private enum Comparator {
        // Longest prefixes first: "less_equals_" before "less_".
        LESS_EQUALS("less_equals_"), GREATER_EQUALS("greater_equals_"), LESS("less_"), GREATER("greater_");

        final String prefix;

        Comparator(String prefix) {
            this.prefix = prefix;
        }

        static Comparator of(String overload) throws Unsupported {
            for (Comparator c : values()) {
                if (overload.startsWith(c.prefix)) {
                    return c;
                }
            }
            throw new Unsupported();
        }

        /** Whether a three-way comparison's result satisfies this operator. */
        boolean holds(int compared) {
            return switch (this) {
                case LESS -> compared < 0;
                case LESS_EQUALS -> compared <= 0;
                case GREATER -> compared > 0;
                case GREATER_EQUALS -> compared >= 0;
            };
        }

        /** Two doubles compared by Java's operators, as CEL's double overloads do (false with NaN). */
        Truth doubles(Number a, Number b) {
            return switch (this) {
                case LESS -> in -> a.at(in) < b.at(in);
                case LESS_EQUALS -> in -> a.at(in) <= b.at(in);
                case GREATER -> in -> a.at(in) > b.at(in);
                case GREATER_EQUALS -> in -> a.at(in) >= b.at(in);
            };
        }
    }
}
