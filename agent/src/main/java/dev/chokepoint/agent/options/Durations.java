package dev.chokepoint.agent.options;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as Go and Prometheus write them: {@code 500ms}, {@code 30s}, {@code 1m30s},
 * {@code 1.5h}, or {@code 0}; units ns, us (µs), ms, s, m, h, d, w. The same grammar as the
 * collector's options (its {@code DurationText}): a copy, because the agent jar carries none of
 * the collector's code and a shared module for forty lines would be one more artifact to shade.
 */
public final class Durations {

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|μs|ms|s|m|h|d|w)");

    private Durations() {
    }

    /** The duration, or {@code null} when {@code text} is not one (a bare number has no unit: not one either). */
    public static Duration parse(String text) {
        String s = text == null ? "" : text.strip();
        if (s.equals("0")) {
            return Duration.ZERO;
        }
        Matcher m = PART.matcher(s);
        BigDecimal nanos = BigDecimal.ZERO;
        int at = 0;
        while (at < s.length() && m.find(at) && m.start() == at) {
            nanos = nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(nanosPer(m.group(2)))));
            at = m.end();
        }
        if (at == 0 || at < s.length() || nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            return null;
        }
        return Duration.ofNanos(nanos.longValue());
    }

    private static long nanosPer(String unit) {
        switch (unit) {
            case "ns":
                return 1L;
            case "us":
            case "µs":
            case "μs":
                return 1_000L;
            case "ms":
                return 1_000_000L;
            case "s":
                return 1_000_000_000L;
            case "m":
                return 60_000_000_000L;
            case "h":
                return 3_600_000_000_000L;
            case "d":
                return 86_400_000_000_000L;
            default:
                return 604_800_000_000_000L;
        }
    }
}
