package dev.chokepoint.agent.bootstrap;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.util.UUID;

/**
 * {@code chokepoint.agent.info} {agent_instance, pid, command}, always 1 (Prometheus
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

    /** Long enough for a jar's or a main class's name; a label value stays short. */
    static final int MAX_COMMAND = 100;

    private final String instance;
    private final long pid;
    private final String command;

    public AgentIdentity(String instance, long pid, String command) {
        this.instance = instance;
        this.pid = pid;
        this.command = command;
    }

    /** A new instance id for this process (draws a random UUID: once, off the application's start-up path). */
    public static AgentIdentity ofThisProcess() {
        return new AgentIdentity(UUID.randomUUID().toString(), ProcessHandle.current().pid(),
                command(System.getProperty("sun.java.command")));
    }

    /**
     * What the process runs, to tell it apart from another service on the same port: the main
     * class, or the jar's file name (never its arguments: they may hold secrets).
     */
    static String command(String javaCommand) {
        if (javaCommand == null || javaCommand.isBlank()) {
            return "unknown";
        }
        String main = javaCommand.strip().split("\\s+", 2)[0];
        String name = main.substring(Math.max(main.lastIndexOf('/'), main.lastIndexOf('\\')) + 1);
        return name.length() <= MAX_COMMAND ? name : name.substring(0, MAX_COMMAND);
    }

    public String instance() {
        return instance;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        // A supplier gauge holds its supplier strongly: nothing else need keep it.
        Gauge.builder(METER, () -> 1)
                .tags("agent_instance", instance, "pid", Long.toString(pid), "command", command)
                .description("The agent: a random id drawn when it started, its process id and what it runs (main class or jar; always 1)")
                .register(registry);
    }
}
