package dev.chokepoint.collector.rules;

import java.util.List;
import java.util.Map;

/**
 * A rule expression of the plain shapes ({@link PlainTree}) evaluated as plain Java instead of by
 * CEL's interpreter. The analysis evaluates the rules about a million times for 10 targets; CEL's
 * interpreter boxed every value and allocated a frame at each, and its many methods were a good
 * part of what the JIT compiled.
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

    private final Number number;
    private final Truth truth;

    private PlainExpression(Number number, Truth truth) {
        this.number = number;
        this.truth = truth;
    }

    /**
     * {@code tree} ready to evaluate. {@code signals}: the order in which {@link #number(double[])}
     * and {@link #holds(double[])} receive their values; {@code params}: the rule's, bound here as
     * constants.
     */
    static PlainExpression of(PlainTree tree, List<String> signals, Map<String, Double> params) {
        Builder b = new Builder(signals, params);
        return tree.type() == PlainTree.Type.BOOL ? new PlainExpression(null, b.truth(tree))
                : new PlainExpression(b.number(tree), null);
    }

    boolean holds(double[] in) {
        return truth.at(in);
    }

    double number(double[] in) {
        return number.at(in);
    }

    /** Turns tree nodes into {@link Number} and {@link Truth} closures. */
    private record Builder(List<String> signals, Map<String, Double> params) {

        Number number(PlainTree node) {
            if (node instanceof PlainTree.Literal l) {
                double v = l.value();
                return in -> v;
            }
            if (node instanceof PlainTree.Signal s) {
                int slot = signals.indexOf(s.name());
                return in -> in[slot];
            }
            if (node instanceof PlainTree.Param p) {
                double v = params.get(p.name());
                return in -> v;
            }
            if (node instanceof PlainTree.Unary u) {
                Number a = number(u.operand());
                return in -> -a.at(in);
            }
            PlainTree.Binary e = (PlainTree.Binary) node;
            Number a = number(e.left());
            Number b = number(e.right());
            return switch (e.op()) {
                case "+" -> in -> a.at(in) + b.at(in);
                case "-" -> in -> a.at(in) - b.at(in);
                case "*" -> in -> a.at(in) * b.at(in);
                default -> in -> a.at(in) / b.at(in);
            };
        }

        Truth truth(PlainTree node) {
            if (node instanceof PlainTree.BoolLiteral l) {
                boolean v = l.value();
                return in -> v;
            }
            if (node instanceof PlainTree.Unary u) {
                Truth a = truth(u.operand());
                return in -> !a.at(in);
            }
            PlainTree.Binary e = (PlainTree.Binary) node;
            if (e.op().equals("&&") || e.op().equals("||")) {
                Truth a = truth(e.left());
                Truth b = truth(e.right());
                return e.op().equals("&&") ? in -> a.at(in) && b.at(in) : in -> a.at(in) || b.at(in);
            }
            return comparison(e);
        }

        private Truth comparison(PlainTree.Binary c) {
            Comparator op = Comparator.of(c.op());
            if (c.right() instanceof PlainTree.IntLiteral i) {
                Number a = number(c.left());
                long b = i.value();
                return in -> op.holds(compareDoubleInt(a.at(in), b));
            }
            if (c.left() instanceof PlainTree.IntLiteral i) {
                long a = i.value();
                Number b = number(c.right());
                return in -> op.holds(-compareDoubleInt(b.at(in), a));
            }
            return op.doubles(number(c.left()), number(c.right()));
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
        LESS("<"), LESS_EQUALS("<="), GREATER(">"), GREATER_EQUALS(">=");

        final String symbol;

        Comparator(String symbol) {
            this.symbol = symbol;
        }

        static Comparator of(String symbol) {
            for (Comparator c : values()) {
                if (c.symbol.equals(symbol)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("not a comparison: " + symbol);
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
