package dev.chokepoint.agent.bootstrap;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.UUID;

/**
 * {@code chokepoint.agent.info} {instance, pid}, always 1 (Prometheus
 * {@code chokepoint_agent_info{instance="…",pid="…"} 1}): which agent, in which process, a scrape
 * came from. {@code instance} is a random UUID drawn once when the agent starts, so a restart is
 * seen as this changing, even where the new process got the old pid (a container's pid 1) or the
 * same start second; the collector tells a restart by it, with {@code process.start.time}, never
 * by a counter going down.
 *
 * <p>Bound by the agent itself, not by a probe: it is there whichever probes run.
 */
public final class AgentIdentity implements MeterBinder {

    static final String METER = "chokepoint.agent.info";

    private final String instance;
    private final long pid;

    public AgentIdentity(String instance, long pid) {
        this.instance = instance;
        this.pid = pid;
    }

    /** A new instance id for this process (draws a random UUID: once, off the application's start-up path). */
    public static AgentIdentity ofThisProcess() {
        return new AgentIdentity(UUID.randomUUID().toString(), ProcessHandle.current().pid());
    }

    public String instance() {
        return instance;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        // A supplier gauge holds its supplier strongly: nothing else need keep it.
        Gauge.builder(METER, () -> 1)
                .tags("agent_instance", instance, "pid", Long.toString(pid))
                .description("The agent: a random id drawn when it started, and its process id (always 1)")
                .register(registry);
    }
}
