package dev.chokepoint.collector.prometheus;

import java.util.regex.Pattern;

/**
 * The user's series selector ({@code {job="market"}}), combined with a metric-name matcher so that
 * one range query fetches every series the signals read. Only the braces form is accepted: a bare
 * metric name would select one metric, not the fleet's instances.
 */
public record Selector(String matchers) {

    // label="v", label!="v", label=~"re", label!~"re", comma separated; quotes may hold escaped quotes.
    private static final Pattern MATCHER = Pattern.compile(
            "\\s*[a-zA-Z_][a-zA-Z0-9_]*\\s*(=|!=|=~|!~)\\s*\"(?:[^\"\\\\]|\\\\.)*\"\\s*");
    private static final Pattern LIST = Pattern.compile(
            "(" + MATCHER.pattern() + ")(," + MATCHER.pattern() + ")*,?\\s*");

    public static Selector parse(String text) {
        String t = text == null ? "" : text.trim();
        if (!t.startsWith("{") || !t.endsWith("}")) {
            throw new IllegalArgumentException("--selector must be label matchers in braces, e.g. '{job=\"market\"}', got '"
                    + text + "'");
        }
        String inner = t.substring(1, t.length() - 1).trim();
        if (inner.isEmpty() || !LIST.matcher(inner).matches()) {
            throw new IllegalArgumentException("--selector '" + text + "' is not a list of label matchers such as "
                    + "job=\"market\" or instance=~\"10\\\\.0\\\\..*\"; give at least one, in braces");
        }
        if (inner.contains("__name__")) {
            throw new IllegalArgumentException("--selector '" + text + "' must not match __name__: chokepoint picks the "
                    + "metric names itself (docs/metrics.md)");
        }
        return new Selector(inner.endsWith(",") ? inner.substring(0, inner.length() - 1) : inner);
    }

    /** The selector as the user wrote it, in braces. */
    public String text() {
        return "{" + matchers + "}";
    }

    /** This selector restricted to metric names matching a regular expression. */
    public String withNames(String nameRegex) {
        return "{__name__=~\"" + nameRegex + "\"," + matchers + "}";
    }

    /** This selector on one metric. */
    public String on(String metric) {
        return metric + text();
    }
}
