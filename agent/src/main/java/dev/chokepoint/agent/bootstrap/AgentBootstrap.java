package dev.chokepoint.agent.bootstrap;

import dev.chokepoint.agent.exposition.EndpointClock;
import dev.chokepoint.agent.meterfeed.MeterFeed;
import dev.chokepoint.agent.exposition.MetricsEndpoint;
import dev.chokepoint.agent.options.AgentOptions;
import dev.chokepoint.agent.otlp.OtlpExport;
import dev.chokepoint.agent.probe.Probe;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

import java.io.PrintStream;
import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts the agent: options, the registry, every selected probe, the /metrics endpoint and, when
 * asked for, OTLP export. Each step that fails prints its one line and the rest goes on.
 *
 * <p>Only what must precede the application's {@code main} runs on the calling thread: the
 * registry and the class transformers' name filter. Meter-only probes, the probes' transformer
 * and the endpoint are made on a daemon thread, which takes their class loading off the
 * application's start-up path (onto another core) and then serves the endpoint: the one thread
 * the agent keeps (the wait probe's JFR consumer and OTLP export, when asked for, add their own).
 */
public final class AgentBootstrap {

    /**
     * Probes own the objects their meters read, and Micrometer holds those only weakly: the agent
     * keeps its probes reachable for the life of the JVM.
     */
    private static volatile List<Probe> running = List.of();

    private AgentBootstrap() {
    }

    public static void start(String agentArgs, Instrumentation instrumentation, boolean attachedLate,
                             Map<String, String> environment, PrintStream err) {
        // Before any Micrometer class logs: its default would be the application's SLF4J.
        LibraryLogging.install(err);
        AgentOptions options = AgentOptions.parse(agentArgs, environment);
        List<String> problems = new ArrayList<>(options.problems());
        List<Probe> instrumenting = Probes.instrumenting();
        List<Probe> meterOnly = Probes.meterOnly();
        List<Probe> all = new ArrayList<>(instrumenting);
        all.addAll(meterOnly);
        running = all;
        ProbeSelection selection = ProbeSelection.parse(options.probes(), Probes.ids(), problems);
        problems.forEach(err::println);

        PrometheusMeterRegistry prometheus =
                new PrometheusMeterRegistry(PrometheusConfig.DEFAULT, new PrometheusRegistry(), new EndpointClock());
        MeterRegistry registry = withOtlp(prometheus, options, err);
        // Before any probe: the request threads' timer records go through the feed from the first one.
        MeterFeed.start(err);
        AgentProbeContext context = new AgentProbeContext(registry, options, err, instrumentation, attachedLate);
        ProbeInstaller installer = new ProbeInstaller(instrumentation, context, attachedLate);
        installer.install(selected(instrumenting, selection));

        Thread background = new Thread(() -> {
            try {
                // First, so that the first scrape has it; a UUID's SecureRandom is slow to start.
                AgentIdentity.ofThisProcess().bindTo(registry);
                installer.install(selected(meterOnly, selection));
                installer.prepare();
                MetricsEndpoint.open(options.host(), options.port(), prometheus, err).ifPresent(MetricsEndpoint::serve);
            } catch (Throwable e) {
                err.println("chokepoint: agent thread failed: " + e + "; the application runs on");
            }
        }, "chokepoint");
        background.setDaemon(true);
        background.start();
    }

    private static List<Probe> selected(List<Probe> probes, ProbeSelection selection) {
        List<Probe> selected = new ArrayList<>();
        for (Probe probe : probes) {
            if (selection.runs(probe.id())) {
                selected.add(probe);
            }
        }
        return selected;
    }

    /**
     * Without OTLP the probes write straight into the Prometheus registry; a composite would add
     * a forwarding hop to every timer record on the request path.
     */
    private static MeterRegistry withOtlp(PrometheusMeterRegistry prometheus, AgentOptions options, PrintStream err) {
        if (options.otlpEndpoint().isEmpty()) {
            return prometheus;
        }
        CompositeMeterRegistry composite = new CompositeMeterRegistry();
        composite.add(prometheus);
        OtlpExport.start(options.otlpEndpoint().get(), options.otlpInterval(), err).ifPresent(composite::add);
        return composite;
    }
}
