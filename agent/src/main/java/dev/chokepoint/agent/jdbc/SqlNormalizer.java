package dev.chokepoint.agent.jdbc;

import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * Turns SQL text into a statement shape safe to use as a tag: string and number literals become
 * {@code ?}, comments go, whitespace folds to one space, {@code IN (?, ?, …)} collapses to
 * {@code IN (?)} and the result is capped at {@value #MAX_LENGTH} characters. Literals never reach
 * a label: this is what keeps customer data out of the metrics.
 */
public final class SqlNormalizer implements UnaryOperator<String> {

    static final int MAX_LENGTH = 200;
    private static final Pattern IN_LIST = Pattern.compile("(?i)\\b(IN) ?\\(\\?(?: ?, ?\\?)*\\)");

    @Override
    public String apply(String sql) {
        StringBuilder out = new StringBuilder(Math.min(sql.length(), 512));
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'') {
                i = skipQuoted(sql, i, '\'');
                out.append('?');
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int eol = sql.indexOf('\n', i);
                i = eol < 0 ? n : eol;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int close = sql.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
                space(out);
            } else if (c == '"' || c == '`') {
                int end = skipQuoted(sql, i, c);
                out.append(sql, i, end);
                i = end;
            } else if (Character.isWhitespace(c)) {
                space(out);
                i++;
            } else if (isDigit(c) && !afterIdentifier(out)) {
                i = skipNumber(sql, i);
                out.append('?');
            } else {
                out.append(c);
                i++;
            }
            if (out.length() > 4 * MAX_LENGTH) {
                break; // the tail is cut anyway; stop scanning huge texts early
            }
        }
        String shape = IN_LIST.matcher(out.toString().trim()).replaceAll("$1 (?)");
        return shape.length() <= MAX_LENGTH ? shape : shape.substring(0, MAX_LENGTH);
    }

    /** The statement type tag: {@code select}, {@code insert}, {@code update}, {@code delete} or {@code other}. */
    public static String type(String sql) {
        int i = 0;
        while (i < sql.length() && !Character.isLetter(sql.charAt(i))) {
            i++;
        }
        if (sql.regionMatches(true, i, "select", 0, 6)) {
            return "select";
        }
        if (sql.regionMatches(true, i, "insert", 0, 6)) {
            return "insert";
        }
        if (sql.regionMatches(true, i, "update", 0, 6)) {
            return "update";
        }
        if (sql.regionMatches(true, i, "delete", 0, 6)) {
            return "delete";
        }
        return "other";
    }

    private static void space(StringBuilder out) {
        if (out.length() > 0 && out.charAt(out.length() - 1) != ' ') {
            out.append(' ');
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** A digit right after a letter, digit, {@code _} or {@code $} is part of a name ({@code t1}, {@code $1}). */
    private static boolean afterIdentifier(StringBuilder out) {
        if (out.length() == 0) {
            return false;
        }
        char last = out.charAt(out.length() - 1);
        return Character.isLetterOrDigit(last) || last == '_' || last == '$';
    }

    /** Index after the closing quote; a doubled quote is an escaped one. Unclosed: end of text. */
    private static int skipQuoted(String sql, int open, char quote) {
        int i = open + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            if (sql.charAt(i) == '\\' && quote == '\'') {
                i++; // MySQL-style backslash escape: the next character is part of the literal
            }
            i++;
        }
        return sql.length();
    }

    /** Digits, a decimal point, exponent and hex digits ({@code 0x1F}, {@code 1.5e-3}). */
    private static int skipNumber(String sql, int start) {
        int i = start;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            boolean exponentSign = (c == '-' || c == '+') && i > start
                    && (sql.charAt(i - 1) == 'e' || sql.charAt(i - 1) == 'E');
            if (Character.isLetterOrDigit(c) || c == '.' || exponentSign) {
                i++;
            } else {
                break;
            }
        }
        return i;
    }
}
