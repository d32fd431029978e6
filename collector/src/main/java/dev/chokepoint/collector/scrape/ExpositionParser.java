package dev.chokepoint.collector.scrape;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Parser for the Prometheus text format 0.0.4 and OpenMetrics 1.0 text. Hand-written because no
 * maintained Java parser of the exposition format exists (the Prometheus Java client only writes
 * it). Handles label escaping ({@code \\ \" \n}), {@code NaN}/{@code +Inf}/{@code -Inf}, sample
 * timestamps (ms in text, seconds in OpenMetrics), exemplars, {@code # EOF}, the UTF-8 quoted-name
 * form ({@code {"my.metric",a="b"}}), and drops OpenMetrics {@code _created} lines.
 */
public final class ExpositionParser {

    private ExpositionParser() {
    }

    public static List<ParsedSample> parse(String body, ExpositionFormat format) throws ExpositionException {
        MetricTypes types = new MetricTypes();
        List<ParsedSample> samples = new ArrayList<>();
        boolean sawEof = false;
        int lineNumber = 0;
        int position = 0;
        while (position < body.length()) {
            int end = body.indexOf('\n', position);
            if (end < 0) {
                end = body.length();
            }
            String line = body.substring(position, end);
            position = end + 1;
            lineNumber++;
            // Tolerate CRLF bodies and indented lines (the text format allows leading blanks).
            line = line.strip();
            if (sawEof) {
                if (!line.isBlank()) {
                    throw new ExpositionException(lineNumber, "content after # EOF");
                }
                continue;
            }
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("#")) {
                sawEof = readComment(line, types);
                continue;
            }
            LineCursor cursor = new LineCursor(line, lineNumber);
            ParsedSample sample = readSample(cursor, format, types);
            if (sample != null) {
                samples.add(sample);
            }
        }
        return samples;
    }

    /** Returns true at {@code # EOF}. TYPE lines are remembered; HELP, UNIT and comments are skipped. */
    private static boolean readComment(String line, MetricTypes types) {
        String[] parts = line.substring(1).trim().split("\\s+", 3);
        if (parts.length == 1 && parts[0].equals("EOF")) {
            return true;
        }
        if (parts.length == 3 && parts[0].equals("TYPE")) {
            types.declare(unquote(parts[1]), parts[2].trim().toLowerCase(Locale.ROOT));
        }
        return false;
    }

    private static String unquote(String name) {
        return name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")
                ? name.substring(1, name.length() - 1) : name;
    }

    private static ParsedSample readSample(LineCursor cursor, ExpositionFormat format, MetricTypes types)
            throws ExpositionException {
        String name = null;
        SortedMap<String, String> labels = new TreeMap<>();
        if (cursor.peek() != '{') {
            name = cursor.readName();
        }
        if (cursor.peek() == '{') {
            name = readLabels(cursor, labels, name);
        }
        if (name == null || name.isEmpty()) {
            throw cursor.error("sample without a metric name");
        }
        cursor.requireWhitespace("after the metric name and labels");
        double value = parseValue(cursor, cursor.readToken());
        long timestamp = ParsedSample.NO_TIMESTAMP;
        cursor.skipWhitespace();
        if (!cursor.atEnd() && cursor.peek() != '#') {
            timestamp = parseTimestamp(cursor, cursor.readToken(), format);
            cursor.skipWhitespace();
        }
        if (!cursor.atEnd() && cursor.peek() != '#') {
            throw cursor.error("unexpected text after the value and timestamp");
        }
        // Anything from '#' on is an OpenMetrics exemplar: it describes one traced request, not the series.
        if (types.isCreatedLine(name)) {
            return null;
        }
        return new ParsedSample(name, labels, value, timestamp, types.isMonotonic(name));
    }

    /**
     * Reads {@code {a="1",b="2"}}. In the UTF-8 form the metric name is a quoted string inside the
     * braces; it is returned (or the name read before the braces).
     */
    private static String readLabels(LineCursor cursor, SortedMap<String, String> labels, String name)
            throws ExpositionException {
        cursor.expect('{');
        cursor.skipWhitespace();
        while (cursor.peek() != '}') {
            String labelName = cursor.peek() == '"' ? cursor.readQuoted() : cursor.readName();
            cursor.skipWhitespace();
            if (cursor.peek() == ',' || cursor.peek() == '}') {
                if (name != null) {
                    throw cursor.error("label " + labelName + " has no value");
                }
                name = labelName;
            } else {
                cursor.expect('=');
                cursor.skipWhitespace();
                if (cursor.peek() != '"') {
                    throw cursor.error("label value of " + labelName + " must be a quoted string");
                }
                labels.put(labelName, cursor.readQuoted());
                cursor.skipWhitespace();
            }
            if (cursor.peek() == ',') {
                cursor.expect(',');
                cursor.skipWhitespace();
            } else if (cursor.peek() != '}') {
                throw cursor.error("expected ',' or '}' in the label set");
            }
        }
        cursor.expect('}');
        return name;
    }

    static double parseValue(LineCursor cursor, String token) throws ExpositionException {
        switch (token.toLowerCase(Locale.ROOT)) {
            case "nan":
                return Double.NaN;
            case "+inf", "inf", "+infinity", "infinity":
                return Double.POSITIVE_INFINITY;
            case "-inf", "-infinity":
                return Double.NEGATIVE_INFINITY;
            default:
                break;
        }
        // Double.parseDouble also accepts "1d", "0x1p3" and "Infinity" spellings no exposition uses.
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (!(Character.isDigit(c) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')) {
                throw cursor.error("not a number: '" + token + "'");
            }
        }
        try {
            return Double.parseDouble(token);
        } catch (NumberFormatException e) {
            throw cursor.error("not a number: '" + token + "'");
        }
    }

    private static long parseTimestamp(LineCursor cursor, String token, ExpositionFormat format)
            throws ExpositionException {
        double value = parseValue(cursor, token);
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw cursor.error("not a timestamp: '" + token + "'");
        }
        return format == ExpositionFormat.OPENMETRICS ? Math.round(value * 1000) : (long) value;
    }
}
