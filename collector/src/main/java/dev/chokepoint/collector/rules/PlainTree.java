package dev.chokepoint.collector.rules;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A rule expression as {@link PlainParser} read and type-checked it: only the shapes
 * {@link PlainExpression} evaluates, each node typed as CEL's checker would type it. An integer
 * literal stands only where CEL takes one beside doubles: a side of a comparison (CEL's
 * heterogeneous comparison) or the argument of {@code double()}, which the parser folds.
 */
sealed interface PlainTree {

    enum Type { BOOL, DOUBLE, INT }

    /** The operators of {@link Binary} on two doubles giving a double; the others give a bool. */
    List<String> ARITHMETIC = List.of("+", "-", "*", "/");

    /** A leaf's type: a literal's own, a signal's or a param's double; operators say their own. */
    default Type type() {
        return this instanceof IntLiteral ? Type.INT : this instanceof BoolLiteral ? Type.BOOL : Type.DOUBLE;
    }

    /** The signals read anywhere below, sorted (params are constants, not signals). */
    default Set<String> signals() {
        Set<String> out = new TreeSet<>();
        addSignals(this, out);
        return out;
    }

    private static void addSignals(PlainTree node, Set<String> out) {
        if (node instanceof Signal s) {
            out.add(s.name());
        } else if (node instanceof Unary u) {
            addSignals(u.operand(), out);
        } else if (node instanceof Binary b) {
            addSignals(b.left(), out);
            addSignals(b.right(), out);
        }
    }

    record Literal(double value) implements PlainTree {
    }

    record IntLiteral(long value) implements PlainTree {
    }

    record BoolLiteral(boolean value) implements PlainTree {
    }

    /** A numeric signal of the catalog. */
    record Signal(String name) implements PlainTree {
    }

    /** {@code params.<name>}, a param the rule declares. */
    record Param(String name) implements PlainTree {
    }

    /** {@code -} on a double or {@code !} on a bool. */
    record Unary(String op, PlainTree operand) implements PlainTree {
        @Override
        public Type type() {
            return op.equals("!") ? Type.BOOL : Type.DOUBLE;
        }
    }

    /**
     * {@code + - * /} on two doubles; {@code < <= > >=} on two doubles or an {@link IntLiteral}
     * beside a double; {@code && ||} on two bools.
     */
    record Binary(String op, PlainTree left, PlainTree right) implements PlainTree {
        @Override
        public Type type() {
            return ARITHMETIC.contains(op) ? Type.DOUBLE : Type.BOOL;
        }
    }
}
