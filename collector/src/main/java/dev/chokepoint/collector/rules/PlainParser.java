package dev.chokepoint.collector.rules;

import dev.chokepoint.collector.rules.PlainLexer.Kind;
import dev.chokepoint.collector.rules.PlainLexer.Token;
import dev.chokepoint.collector.rules.PlainTree.Type;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads and type-checks a rule expression without CEL, for the shapes {@link PlainExpression}
 * evaluates: loading CEL to compile the default rules was about half of the collector's start
 * (its parser, its type checker, and the JIT compiling both). It accepts only what it can prove
 * CEL accepts with the same meaning; anything else, valid or not, it leaves to CEL, which compiles
 * it, or reports the error, exactly as it did before this parser existed.
 *
 * <p>The grammar and the typing are CEL's: {@code ||} below {@code &&} below the comparisons
 * (left-associative, so {@code a < b < c} compares a bool and fails) below {@code + -} below
 * {@code * /} below the unary operators. A run of {@code !} or of {@code -} applies once when odd
 * and not at all when even, as CEL's parser does, without checking the operand when even; one
 * {@code -} before a number is part of the literal, a longer run is not. Arithmetic is on doubles only:
 * CEL has no overload mixing an int and a double ({@code 2 * x} is an error), and integer
 * arithmetic is CEL's to evaluate. A comparison takes doubles or one integer literal beside a
 * double (CEL's heterogeneous comparison).
 */
final class PlainParser {

    /** Thrown where the expression leaves the plain subset: CEL takes over. */
    private static final class NotPlain extends Exception {
        NotPlain() {
            super(null, null, false, false);
        }
    }

    /** CEL's binary operators, loosest first; each level left-associative. */
    private static final List<List<String>> LEVELS = List.of(List.of("||"), List.of("&&"),
            List.of("<", "<=", ">", ">="), List.of("+", "-"), List.of("*", "/"));

    private final List<Token> tokens;
    private final Set<String> signals;
    private final Set<String> params;
    private int next;

    private PlainParser(List<Token> tokens, Set<String> signals, Set<String> params) {
        this.tokens = tokens;
        this.signals = signals;
        this.params = params;
    }

    /**
     * The checked tree of {@code text}, or empty where CEL must compile it. {@code type}: the type
     * the field must have; {@code signals}: the names a rule may compute with (the catalog's
     * numeric signals); {@code params}: the rule's declared params.
     */
    static Optional<PlainTree> parse(String text, Type type, Set<String> signals, Set<String> params) {
        if (text == null) {
            return Optional.empty();
        }
        Optional<List<Token>> tokens = PlainLexer.read(text);
        if (tokens.isEmpty()) {
            return Optional.empty();
        }
        try {
            PlainParser p = new PlainParser(tokens.get(), signals, params);
            PlainTree tree = p.level(0);
            return p.peek().kind() == Kind.END && tree.type() == type ? Optional.of(tree) : Optional.empty();
        } catch (NotPlain e) {
            return Optional.empty();
        }
    }

    /** One level of binary operators: its own operators, then the next tighter level. */
    private PlainTree level(int level) throws NotPlain {
        if (level == LEVELS.size()) {
            return unary();
        }
        PlainTree left = level(level + 1);
        while (peek().kind() == Kind.SYMBOL && LEVELS.get(level).contains(peek().text())) {
            String op = take().text();
            left = binary(op, left, level(level + 1));
        }
        return left;
    }

    /** {@code op} on two operands where CEL has a plain overload for their types. */
    private static PlainTree binary(String op, PlainTree left, PlainTree right) throws NotPlain {
        Type l = left.type();
        Type r = right.type();
        boolean typed = switch (op) {
            case "&&", "||" -> l == Type.BOOL && r == Type.BOOL;
            case "+", "-", "*", "/" -> l == Type.DOUBLE && r == Type.DOUBLE;
            // A comparison: doubles, or an integer literal beside a double (heterogeneous).
            default -> (l == Type.DOUBLE && (r == Type.DOUBLE || r == Type.INT)) || (l == Type.INT && r == Type.DOUBLE);
        };
        if (!typed) {
            throw new NotPlain();
        }
        return new PlainTree.Binary(op, left, right);
    }

    private PlainTree unary() throws NotPlain {
        if (peek().is("!")) {
            int run = run("!");
            PlainTree operand = primary();
            return run % 2 == 0 ? operand : new PlainTree.Unary("!", require(Type.BOOL, operand));
        }
        if (peek().is("-")) {
            int run = run("-");
            if (peek().kind() == Kind.INT || peek().kind() == Kind.DOUBLE) {
                return signed(run, take());
            }
            PlainTree operand = primary();
            return run % 2 == 0 ? operand : new PlainTree.Unary("-", require(Type.DOUBLE, operand));
        }
        return primary();
    }

    /**
     * A number after a run of minus signs. CEL reads one minus as the literal's sign and a longer
     * run as that many negations of the unsigned literal: an odd run of them on an integer is
     * integer arithmetic.
     */
    private static PlainTree signed(int run, Token number) throws NotPlain {
        boolean negative = run % 2 == 1;
        if (number.kind() == Kind.DOUBLE) {
            // Parsing "-x" gives the negation of x to the bit, so the two readings agree.
            return new PlainTree.Literal(Double.parseDouble((negative ? "-" : "") + number.text()));
        }
        if (negative && run > 1) {
            throw new NotPlain();
        }
        return integer((negative ? "-" : "") + number.text());
    }

    private PlainTree primary() throws NotPlain {
        Token t = take();
        switch (t.kind()) {
            case INT:
                return integer(t.text());
            case DOUBLE:
                return new PlainTree.Literal(Double.parseDouble(t.text()));
            case BOOL:
                return new PlainTree.BoolLiteral(t.text().equals("true"));
            case IDENT:
                return name(t.text());
            default:
                if (t.is("(")) {
                    PlainTree inner = level(0);
                    expect(")");
                    return inner;
                }
                throw new NotPlain();
        }
    }

    /** A signal, {@code params.<name>} or {@code double(...)}. */
    private PlainTree name(String name) throws NotPlain {
        if (name.equals("double")) {
            expect("(");
            PlainTree argument = level(0);
            expect(")");
            if (argument instanceof PlainTree.IntLiteral i) {
                return new PlainTree.Literal((double) i.value());
            }
            return require(Type.DOUBLE, argument);
        }
        if (name.equals("params")) {
            expect(".");
            Token param = take();
            if (param.kind() != Kind.IDENT || !params.contains(param.text())) {
                throw new NotPlain();
            }
            return new PlainTree.Param(param.text());
        }
        if (!signals.contains(name)) {
            throw new NotPlain();
        }
        return new PlainTree.Signal(name);
    }

    /** A decimal integer literal; beyond a long's range it is CEL's error. */
    private static PlainTree integer(String text) throws NotPlain {
        try {
            return new PlainTree.IntLiteral(Long.parseLong(text));
        } catch (NumberFormatException e) {
            throw new NotPlain();
        }
    }

    private static PlainTree require(Type type, PlainTree node) throws NotPlain {
        if (node.type() != type) {
            throw new NotPlain();
        }
        return node;
    }

    private int run(String symbol) {
        int n = 0;
        while (accept(symbol)) {
            n++;
        }
        return n;
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token take() throws NotPlain {
        Token t = tokens.get(next);
        if (t.kind() == Kind.END) {
            throw new NotPlain();
        }
        next++;
        return t;
    }

    private boolean accept(String symbol) {
        if (peek().is(symbol)) {
            next++;
            return true;
        }
        return false;
    }

    private void expect(String symbol) throws NotPlain {
        if (!accept(symbol)) {
            throw new NotPlain();
        }
    }
}
