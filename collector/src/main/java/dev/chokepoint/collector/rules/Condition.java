package dev.chokepoint.collector.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A rule's {@code when} as the margin report reads it: comparisons joined by {@code &&} and
 * {@code ||}, grouped by parentheses. Leaves point at the condition's comparisons, numbered in the
 * order written. A condition with anything else in it (a bare boolean, {@code !}, {@code ==}) has
 * no such form and gets no margins; the engine evaluates it all the same (CEL).
 *
 * <p>Read on the text, not CEL's AST: the rules' expressions hold no strings, so {@code &&},
 * {@code ||} and the operators cannot appear inside a literal. {@code ||} binds looser than
 * {@code &&}, as in CEL.
 */
public sealed interface Condition {

    /**
     * The comparison whose margin is this condition's margin, given each comparison's margin
     * (positive where it holds, indexed like the comparisons): a conjunction is as far from holding
     * as its weakest part (the smallest margin), a disjunction as its strongest (the largest). So
     * where a disjunction holds, the best of its branches that hold decides; where it does not,
     * every branch fails and the one closest to holding decides. -1 where a margin is unknown (NaN)
     * in any part: the engine does not hold a condition any of whose signals is unknown, whichever
     * branch reads it.
     */
    int deciding(double[] margins);

    /** Indices of the comparisons in this condition, in the order written. */
    List<Integer> comparisons();

    /** The parts joined by a top-level {@code &&}; the condition itself when it is not a conjunction. */
    default List<Condition> conjuncts() {
        return List.of(this);
    }

    /** One comparison, by its index in the condition's comparisons. */
    record Leaf(int index) implements Condition {
        @Override
        public int deciding(double[] margins) {
            return Double.isNaN(margins[index]) ? -1 : index;
        }

        @Override
        public List<Integer> comparisons() {
            return List.of(index);
        }
    }

    /** Parts joined by one operator: {@code ||} with {@code any} (holds where any part holds), else {@code &&}. */
    record Join(boolean any, List<Condition> parts) implements Condition {
        public Join {
            parts = List.copyOf(parts);
        }

        @Override
        public int deciding(double[] margins) {
            return pick(parts, margins, any);
        }

        @Override
        public List<Integer> comparisons() {
            return parts.stream().flatMap(p -> p.comparisons().stream()).toList();
        }

        @Override
        public List<Condition> conjuncts() {
            return any ? List.of(this) : parts;
        }
    }

    /** {@code parts} joined by {@code &&}. */
    static Join all(List<Condition> parts) {
        return new Join(false, parts);
    }

    /** {@code parts} joined by {@code ||}. */
    static Join any(List<Condition> parts) {
        return new Join(true, parts);
    }

    /** A condition and the comparisons its leaves point at. */
    record Parsed(Condition root, List<Comparison> comparisons) {
    }

    /** The condition's form, or empty when it is not made of comparisons, {@code &&}, {@code ||} and parentheses. */
    static Optional<Parsed> parse(String condition) {
        List<Comparison> comparisons = new ArrayList<>();
        Condition root = or(condition.replaceAll("\\s+", " ").trim(), comparisons);
        return root == null ? Optional.empty() : Optional.of(new Parsed(root, List.copyOf(comparisons)));
    }

    /** The part whose deciding comparison has the smallest margin (the largest with {@code largest}); first on ties. */
    private static int pick(List<Condition> parts, double[] margins, boolean largest) {
        int best = -1;
        for (Condition part : parts) {
            int d = part.deciding(margins);
            if (d < 0) {
                return -1;
            }
            if (best < 0 || (largest ? margins[d] > margins[best] : margins[d] < margins[best])) {
                best = d;
            }
        }
        return best;
    }

    private static Condition or(String text, List<Comparison> out) {
        return group(text, "||", out);
    }

    private static Condition and(String text, List<Comparison> out) {
        return group(text, "&&", out);
    }

    /** Parts of {@code text} joined by {@code separator}: the next looser operator's parts, or one atom. */
    private static Condition group(String text, String separator, List<Comparison> out) {
        List<String> parts = topLevel(text, separator);
        List<Condition> read = new ArrayList<>();
        for (String part : parts) {
            Condition c = separator.equals("||") ? and(part, out) : atom(part.trim(), out);
            if (c == null) {
                return null;
            }
            read.add(c);
        }
        if (read.size() == 1) {
            return read.get(0);
        }
        return new Join(separator.equals("||"), read);
    }

    /** A parenthesized condition, or one comparison. */
    private static Condition atom(String text, List<Comparison> out) {
        if (enclosed(text)) {
            return or(text.substring(1, text.length() - 1).trim(), out);
        }
        Optional<Comparison> c = Comparison.of(text);
        if (c.isEmpty()) {
            return null;
        }
        out.add(c.get());
        return new Leaf(out.size() - 1);
    }

    /** Whether the parenthesis opening {@code text} is the one that closes it ({@code (a) >= (b)} is not enclosed). */
    private static boolean enclosed(String text) {
        if (!text.startsWith("(") || !text.endsWith(")")) {
            return false;
        }
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
            if (depth == 0) {
                return i == text.length() - 1;
            }
        }
        return false;
    }

    /** Parts of {@code text} between occurrences of {@code separator} outside parentheses. */
    private static List<String> topLevel(String text, String separator) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
            if (depth == 0 && text.startsWith(separator, i)) {
                parts.add(text.substring(start, i));
                start = i + separator.length();
            }
        }
        parts.add(text.substring(start));
        return parts;
    }
}
