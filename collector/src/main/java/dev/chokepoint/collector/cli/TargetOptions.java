package dev.chokepoint.collector.cli;

import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/** What to record and how often: shared by {@code run} and {@code record}. */
public final class TargetOptions {

    static final Duration MIN_INTERVAL = Duration.ofMillis(100);

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    // Not required by picocli: `run --prometheus` reads a fleet instead; Recording checks it is there.
    @Option(names = "--target", paramLabel = "URL", converter = TargetConverter.class,
            description = "Metrics endpoint to scrape (Prometheus text or OpenMetrics), e.g. "
                    + "http://127.0.0.1:9464/metrics (the agent) or http://127.0.0.1:8080/actuator/prometheus. "
                    + "Repeat for several targets.")
    List<URI> targets;

    Duration interval = Duration.ofSeconds(1);

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "1s", converter = DurationConverter.class,
            description = "Scrape interval (default: ${DEFAULT-VALUE}); each scrape times out at 80%% of it.")
    void interval(Duration value) {
        if (value.compareTo(MIN_INTERVAL) < 0) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--interval': " + value.toMillis()
                    + " ms is too short; use 100ms or more (1s is usual)");
        }
        interval = value;
    }

    public List<URI> targets() {
        return targets;
    }

    public Duration interval() {
        return interval;
    }
}
