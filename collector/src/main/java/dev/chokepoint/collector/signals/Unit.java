package dev.chokepoint.collector.signals;

import java.util.Locale;

/** How a signal's number reads to a person (the report and the rule texts format by unit). */
public enum Unit {
    SECONDS, RATIO, COUNT, CORES, PER_SECOND, FACTOR, BYTES;

    public String format(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "∞" : "-∞";
        }
        return switch (this) {
            case SECONDS -> v >= 1 ? num(v) + " s" : v >= 0.001 ? num(v * 1000) + " ms" : num(v * 1_000_000) + " µs";
            case RATIO -> num(v * 100) + " %";
            case COUNT -> num(v);
            case CORES -> num(v) + " cores";
            case PER_SECOND -> num(v) + "/s";
            case FACTOR -> "×" + num(v);
            case BYTES -> v >= 1 << 20 ? num(v / (1 << 20)) + " MiB" : num(v / 1024) + " KiB";
        };
    }

    private static final java.time.format.DateTimeFormatter CLOCK =
            java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss").withZone(java.time.ZoneOffset.UTC);

    /** An instant as the report shows it: "05:24:29" (UTC). */
    public static String clock(long millis) {
        return CLOCK.format(java.time.Instant.ofEpochMilli(millis));
    }

    /** A relative change as a signed percentage: "+52 %", "−8.1 %" (n/a when unknown). */
    public static String signedPercent(double change) {
        if (Double.isNaN(change)) {
            return "n/a";
        }
        return (change >= 0 ? "+" : "−") + RATIO.format(Math.abs(change));
    }

    /** Three significant digits at most, no trailing zeros: 0.0123, 1.23, 12.3, 123, 1234. */
    public static String num(double v) {
        double a = Math.abs(v);
        String s;
        if (a >= 100 || a == 0) {
            s = String.format(Locale.ROOT, "%.0f", v);
        } else if (a >= 10) {
            s = String.format(Locale.ROOT, "%.1f", v);
        } else if (a >= 1) {
            s = String.format(Locale.ROOT, "%.2f", v);
        } else {
            s = String.format(Locale.ROOT, "%.3g", v);
        }
        return s.indexOf('.') >= 0 && s.indexOf('e') < 0 ? withoutTrailingZeros(s) : s;
    }

    /** "1.50" → "1.5", "2.00" → "2": by hand, as a regular expression compiled per number was most of the formatting. */
    private static String withoutTrailingZeros(String s) {
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }
}
