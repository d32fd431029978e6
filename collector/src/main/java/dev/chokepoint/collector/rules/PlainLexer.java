package dev.chokepoint.collector.rules;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The tokens of a rule expression as CEL's lexer cuts them, for the part of CEL's syntax
 * {@link PlainParser} reads: decimal numbers, identifiers, {@code true}, {@code false}, the
 * operators {@code + - * / < <= > >= && || !}, parentheses and the dot of {@code params.<name>}.
 * Anything else (a string, {@code ==}, {@code ?}, a character CEL does not know) makes the
 * expression CEL's: empty. Hex and unsigned literals are left to CEL through the parser: {@code 0x10}
 * reads as {@code 0} followed by the identifier {@code x10}, which no expression may hold.
 */
final class PlainLexer {

    enum Kind { INT, DOUBLE, BOOL, IDENT, SYMBOL, END }

    record Token(Kind kind, String text) {
        boolean is(String symbol) {
            return kind == Kind.SYMBOL && text.equals(symbol);
        }
    }

    /**
     * CEL refuses expressions nested past 250 levels or longer than 100 000 code points; well
     * below both, so that whatever is read here CEL would read too.
     */
    private static final int MAX_TOKENS = 128;
    private static final int MAX_CHARS = 10_000;

    /** CEL's reserved words and keywords: its parser refuses them as names. */
    private static final Set<String> RESERVED = Set.of("as", "break", "const", "continue", "else", "for", "function",
            "if", "import", "in", "let", "loop", "package", "namespace", "null", "return", "var", "void", "while");
    private static final List<String> TWO_CHAR = List.of("&&", "||", "<=", ">=");
    private static final String ONE_CHAR = "()+-*/<>!.";

    private PlainLexer() {
    }

    /** The tokens of {@code text}, ending with {@link Kind#END}; empty where the text holds anything else. */
    static Optional<List<Token>> read(String text) {
        if (text.length() > MAX_CHARS) {
            return Optional.empty();
        }
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f') {
                i++;
                continue;
            }
            if (text.startsWith("//", i)) {
                // CEL's comment runs to the end of the line.
                int newline = text.indexOf('\n', i);
                i = newline < 0 ? text.length() : newline;
                continue;
            }
            int end;
            Kind kind;
            if (digit(text, i) || (c == '.' && digit(text, i + 1))) {
                end = number(text, i);
                kind = text.substring(i, end).matches("[0-9]+") ? Kind.INT : Kind.DOUBLE;
            } else if (letter(c)) {
                end = i + 1;
                while (end < text.length() && (letter(text.charAt(end)) || digit(text, end))) {
                    end++;
                }
                String word = text.substring(i, end);
                if (RESERVED.contains(word)) {
                    return Optional.empty();
                }
                kind = word.equals("true") || word.equals("false") ? Kind.BOOL : Kind.IDENT;
            } else if (i + 1 < text.length() && TWO_CHAR.contains(text.substring(i, i + 2))) {
                end = i + 2;
                kind = Kind.SYMBOL;
            } else if (ONE_CHAR.indexOf(c) >= 0) {
                end = i + 1;
                kind = Kind.SYMBOL;
            } else {
                return Optional.empty();
            }
            out.add(new Token(kind, text.substring(i, end)));
            if (out.size() > MAX_TOKENS) {
                return Optional.empty();
            }
            i = end;
        }
        out.add(new Token(Kind.END, ""));
        return Optional.of(out);
    }

    /**
     * The end of the number starting at {@code start}, the longest CEL reads: {@code 12},
     * {@code 1.5}, {@code .5}, {@code 1e3}, {@code 1.5E-3} ({@code 1.} is the integer 1 and a dot).
     */
    private static int number(String text, int start) {
        int i = digits(text, start);
        if (i < text.length() && text.charAt(i) == '.' && digit(text, i + 1)) {
            i = digits(text, i + 1);
        }
        if (i < text.length() && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            int exponent = i + 1;
            if (exponent < text.length() && (text.charAt(exponent) == '+' || text.charAt(exponent) == '-')) {
                exponent++;
            }
            if (digit(text, exponent)) {
                i = digits(text, exponent);
            }
        }
        return i;
    }

    private static int digits(String text, int from) {
        int i = from;
        while (digit(text, i)) {
            i++;
        }
        return i;
    }

    private static boolean digit(String text, int i) {
        return i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9';
    }

    /** CEL's identifiers are ASCII: a letter or underscore, then letters, digits, underscores. */
    private static boolean letter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }
}
