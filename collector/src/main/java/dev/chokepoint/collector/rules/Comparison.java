package dev.chokepoint.collector.rules;

import java.util.List;
import java.util.Optional;

/**
 * One comparison of a rule's {@code when}, as written: {@code left op right}. A condition made of
 * comparisons joined by {@code &&} and {@code ||} ({@link Condition}) splits into these, so the
 * margin report can say how far each side sat from the other; anything else (a bare boolean, a
 * negation) does not split and gets no margins.
 */
public record Comparison(String left, String op, String right) {

    /** Longest first, so that {@code >=} is not read as {@code >}. */
    private static final List<String> OPERATORS = List.of(">=", "<=", ">", "<");

    /** "at least" (left above right holds) or "at most". */
    public boolean atLeast() {
        return op.startsWith(">");
    }

    public String text() {
        return left + " " + op + " " + right;
    }

    /** {@code term} as one comparison, or empty when it is not one (a group, a bare boolean, {@code ==}). */
    static Optional<Comparison> of(String term) {
        if (term.contains("||") || term.contains("==") || term.contains("!=") || term.startsWith("!")) {
            return Optional.empty();
        }
        int depth = 0;
        for (int i = 0; i < term.length(); i++) {
            char ch = term.charAt(i);
            depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
            if (depth != 0) {
                continue;
            }
            for (String op : OPERATORS) {
                if (term.startsWith(op, i)) {
                    String left = term.substring(0, i).trim();
                    String right = term.substring(i + op.length()).trim();
                    return left.isEmpty() || right.isEmpty() ? Optional.empty() : Optional.of(new Comparison(left, op, right));
                }
            }
        }
        return Optional.empty();
    }
}
