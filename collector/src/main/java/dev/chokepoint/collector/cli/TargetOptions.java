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

    /**
     * The agent's endpoint with its default options ({@code port} 19464 on loopback): what is
     * scraped when no {@code --target} is given. The agent's port is documented in docs/metrics.md.
     */
    public static final URI AGENT_DEFAULT = URI.create("http://127.0.0.1:19464/metrics");

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    // Not required by picocli: `run --prometheus` reads a fleet instead, and without either the
    // agent's default endpoint is scraped.
    @Option(names = "--target", paramLabel = "URL", converter = TargetConverter.class,
            description = "Metrics endpoint to scrape (Prometheus text or OpenMetrics), e.g. "
                    + "http://127.0.0.1:8080/actuator/prometheus, or a dependency's exporter (PostgreSQL's, "
                    + "MySQL's, a node exporter: docs/dependencies.md), which may end in #dependency=HOST:PORT, "
                    + "the database it speaks for as the service connects to it, when its labels or address "
                    + "do not say; repeat for several targets (default: the agent's, http://127.0.0.1:19464/metrics).")
    List<URI> targets;

    Duration interval = Duration.ofSeconds(1);

    @Option(names = "--host-view", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Also record who used this host's cores: each target's process, the dependencies it is "
                    + "connected to on this host, the load generator, the collector (Linux /proc; on by default: "
                    + "--no-host-view to leave it out; docs/dependencies.md).")
    boolean hostView = true;

    @Option(names = "--interval", paramLabel = "DURATION", defaultValue = "1s", converter = DurationConverter.class,
            description = "Scrape interval (default: ${DEFAULT-VALUE}); each scrape times out at 80%% of it.")
    void interval(Duration value) {
        if (value.compareTo(MIN_INTERVAL) < 0) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--interval': " + value.toMillis()
                    + " ms is too short; use 100ms or more (1s is usual)");
        }
        interval = value;
    }

    /** The targets given, or the agent's default endpoint when none was. */
    public List<URI> targets() {
        return given() ? targets : List.of(AGENT_DEFAULT);
    }

    /** Whether {@code --target} was given at all. */
    public boolean given() {
        return targets != null && !targets.isEmpty();
    }

    /** Whether the collector records its own view of this host beside the targets. */
    public boolean hostView() {
        return hostView;
    }

    public Duration interval() {
        return interval;
    }
}
