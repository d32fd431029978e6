package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.prometheus.PrometheusClient;
import dev.chokepoint.collector.prometheus.PrometheusReader;
import dev.chokepoint.collector.prometheus.Selector;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.net.URI;
import java.time.Duration;

/**
 * Reading the run window from a Prometheus server instead of scraping targets (a fleet): shared by
 * {@code run} and {@code analyze}. Without {@code --prometheus} these options are unused.
 */
public final class PrometheusOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--prometheus", paramLabel = "URL", converter = PrometheusOptions.UrlConverter.class,
            description = "Read the run's metrics from this Prometheus server's HTTP API (e.g. "
                    + "http://127.0.0.1:9090) instead of scraping --target; one target per `instance` label.")
    URI url;

    @Option(names = "--selector", paramLabel = "MATCHERS",
            description = "With --prometheus: the instances' series, as label matchers in braces, e.g. '{job=\"market\"}'.")
    String selector;

    // No defaultValue: picocli would apply it after the old name's setter (an initial value it does not).
    @Option(names = "--prometheus-interval", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "With --prometheus: the servers' scrape interval, the step of the range queries "
                    + "(default: 1s).")
    Duration step = Duration.ofSeconds(1);

    /** The old name of {@code --prometheus-interval} (see {@link RenamedOptions}). */
    @Option(names = "--prometheus-step", paramLabel = "DURATION", hidden = true, converter = DurationConverter.class)
    void oldStep(Duration value) {
        step = value;
    }

    boolean enabled() {
        return url != null;
    }

    /** The reader, or a usage error naming the option to fix. */
    PrometheusReader reader() {
        if (selector == null) {
            throw new ParameterException(spec.commandLine(), "--prometheus needs --selector, e.g. --selector '{job=\"market\"}'");
        }
        if (step.toMillis() < 100) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--prometheus-interval': use 100ms or more "
                    + "(the scrape interval, 1s is usual)");
        }
        Selector s;
        try {
            s = Selector.parse(selector);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        return new PrometheusReader(new PrometheusClient(url, Duration.ofSeconds(30)), s, step.toMillis());
    }

    String describe() {
        return url + " " + selector;
    }

    /** The server's base URL, not a metrics endpoint: the converter's message says which. */
    public static final class UrlConverter implements picocli.CommandLine.ITypeConverter<URI> {
        @Override
        public URI convert(String value) {
            try {
                return new TargetConverter().convert(value);
            } catch (picocli.CommandLine.TypeConversionException e) {
                throw new picocli.CommandLine.TypeConversionException("'" + value
                        + "' is not an http(s) URL; give the Prometheus server, e.g. http://127.0.0.1:9090");
            }
        }
    }
}
