package dev.chokepoint.agent.options;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the short durations users write in options: {@code 500ms}, {@code 30s}, {@code 1m}. */
final class Durations {

    private static final Pattern SHAPE = Pattern.compile("(\\d{1,9})(ms|s|m)");

    private Durations() {
    }

    /** The duration, or {@code null} when {@code text} is not one or is zero. */
    static Duration parse(String text) {
        Matcher matcher = SHAPE.matcher(text.trim());
        if (!matcher.matches()) {
            return null;
        }
        long amount = Long.parseLong(matcher.group(1));
        if (amount == 0) {
            return null;
        }
        switch (matcher.group(2)) {
            case "ms":
                return Duration.ofMillis(amount);
            case "s":
                return Duration.ofSeconds(amount);
            default:
                return Duration.ofMinutes(amount);
        }
    }
}
