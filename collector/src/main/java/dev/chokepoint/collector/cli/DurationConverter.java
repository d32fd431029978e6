package dev.chokepoint.collector.cli;

import picocli.CommandLine;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as written on a command line: {@code 500ms}, {@code 1s}, {@code 1.5s}, {@code 2m}, {@code 1h}. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    @Override
    public Duration convert(String value) {
        Matcher matcher = DURATION.matcher(value.trim());
        if (!matcher.matches()) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a duration; write a number and a unit, e.g. 500ms, 1s, 2m, 1h");
        }
        double amount = Double.parseDouble(matcher.group(1));
        double millis = switch (matcher.group(2)) {
            case "ms" -> amount;
            case "s" -> amount * 1_000;
            case "m" -> amount * 60_000;
            default -> amount * 3_600_000;
        };
        return Duration.ofMillis(Math.round(millis));
    }
}
