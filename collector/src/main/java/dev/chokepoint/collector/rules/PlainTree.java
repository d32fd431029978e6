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

    Type type();

    /** The nodes directly below this one. */
    default List<PlainTree> children() {
        return List.of();
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
        }
        node.children().forEach(c -> addSignals(c, out));
    }

    record Literal(double value) implements PlainTree {
        @Override
        public Type type() {
            return Type.DOUBLE;
        }
    }

    record IntLiteral(long value) implements PlainTree {
        @Override
        public Type type() {
            return Type.INT;
        }
    }

    record BoolLiteral(boolean value) implements PlainTree {
        @Override
        public Type type() {
            return Type.BOOL;
        }
    }

    /** A numeric signal of the catalog. */
    record Signal(String name) implements PlainTree {
        @Override
        public Type type() {
            return Type.DOUBLE;
        }
    }

    /** {@code params.<name>}, a param the rule declares. */
    record Param(String name) implements PlainTree {
        @Override
        public Type type() {
            return Type.DOUBLE;
        }
    }

    record Negate(PlainTree operand) implements PlainTree {
        @Override
        public Type type() {
            return Type.DOUBLE;
        }

        @Override
        public List<PlainTree> children() {
            return List.of(operand);
        }
    }

    /** {@code op}: one of {@code + - * /}, on two doubles. */
    record Arithmetic(char op, PlainTree left, PlainTree right) implements PlainTree {
        @Override
        public Type type() {
            return Type.DOUBLE;
        }

        @Override
        public List<PlainTree> children() {
            return List.of(left, right);
        }
    }

    /** {@code op}: one of {@code < <= > >=}; at most one side an {@link IntLiteral}. */
    record Compare(String op, PlainTree left, PlainTree right) implements PlainTree {
        @Override
        public Type type() {
            return Type.BOOL;
        }

        @Override
        public List<PlainTree> children() {
            return List.of(left, right);
        }
    }

    /** {@code &&} ({@code and}) or {@code ||}. */
    record Logic(boolean and, PlainTree left, PlainTree right) implements PlainTree {
        @Override
        public Type type() {
            return Type.BOOL;
        }

        @Override
        public List<PlainTree> children() {
            return List.of(left, right);
        }
    }

    record Not(PlainTree operand) implements PlainTree {
        @Override
        public Type type() {
            return Type.BOOL;
        }

        @Override
        public List<PlainTree> children() {
            return List.of(operand);
        }
    }
}
