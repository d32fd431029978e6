package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.signals.DurationText;
import picocli.CommandLine;

import java.time.Duration;

/**
 * Every duration option, Go/Prometheus style ({@code 500ms}, {@code 90s}, {@code 1m30s}, {@code 1h}):
 * picocli puts the option's name before the message ("Invalid value for option '--interval': …").
 */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        try {
            return DurationText.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
