package dev.chokepoint.collector.signals;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as Go and Prometheus users write them: {@code 500ms}, {@code 90s}, {@code 1m30s},
 * {@code 1.5h}, {@code 2d}, or {@code 0}. The one grammar of every duration the collector reads:
 * its options, the SLO's latency bounds and the rule files' {@code sustain}.
 *
 * <p>Go's {@code time.ParseDuration} units (ns, us or µs, ms, s, m, h, fractions allowed) plus
 * Prometheus's d (24 h) and w (7 d); no sign (no option takes a negative duration), no unit
 * without a number, no number without a unit (is {@code 30} seconds or milliseconds?).
 */
public final class DurationText {

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|μs|ms|s|m|h|d|w)");
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d*)?|\\.\\d+");
    static final String EXAMPLES = "e.g. 500ms, 30s, 1m30s or 1h (units: ms, s, m, h, d; also us, ns, w)";

    private DurationText() {
    }

    /**
     * The duration {@code text} writes; an {@link IllegalArgumentException} whose message quotes
     * the text and shows how to write one (callers prefix the option or file that held it).
     */
    public static Duration parse(String text) {
        String s = text == null ? "" : text.strip();
        if (s.equals("0")) {
            return Duration.ZERO;
        }
        if (s.startsWith("-")) {
            throw new IllegalArgumentException("'" + text + "' is negative; write a duration of 0 or more, " + EXAMPLES);
        }
        if (NUMBER.matcher(s).matches()) {
            throw new IllegalArgumentException("'" + text + "' has no unit; write a number and a unit, e.g. "
                    + s + "s or " + s + "ms");
        }
        Matcher m = PART.matcher(s);
        BigDecimal nanos = BigDecimal.ZERO;
        int at = 0;
        while (at < s.length() && m.find(at) && m.start() == at) {
            nanos = nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(nanosPer(m.group(2)))));
            at = m.end();
        }
        if (at == 0 || at < s.length()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration; write a number and a unit, " + EXAMPLES);
        }
        if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("'" + text + "' is too long a duration");
        }
        return Duration.ofNanos(nanos.longValue());
    }

    private static long nanosPer(String unit) {
        return switch (unit) {
            case "ns" -> 1L;
            case "us", "µs", "μs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            case "d" -> 86_400_000_000_000L;
            default -> 604_800_000_000_000L; // w
        };
    }

    /** The shortest text {@link #parse} reads back as {@code d}, at millisecond precision: {@code 1m30s}, {@code 500ms}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms == 0) {
            return "0";
        }
        StringBuilder out = new StringBuilder();
        long h = ms / 3_600_000;
        long m = ms / 60_000 % 60;
        long s = ms / 1000 % 60;
        long rest = ms % 1000;
        if (h > 0) {
            out.append(h).append('h');
        }
        if (m > 0) {
            out.append(m).append('m');
        }
        if (s > 0) {
            out.append(s).append('s');
        }
        if (rest > 0) {
            out.append(rest).append("ms");
        }
        return out.toString();
    }
}
