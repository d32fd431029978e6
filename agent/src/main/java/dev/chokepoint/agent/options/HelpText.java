package dev.chokepoint.agent.options;

import java.util.List;

/** The text {@code java -jar chokepoint-agent.jar --help} prints: version, usage and every option. */
public final class HelpText {

    private static final String ROW = "  %-23s %-10s %-35s %s%n";

    private HelpText() {
    }

    /** @param probeIds every probe the agent has, for the {@code probes} option */
    public static String render(List<String> probeIds) {
        StringBuilder text = new StringBuilder()
                .append("Chokepoint agent ").append(AgentVersion.version()).append('\n')
                .append("Records Tomcat workers, HikariCP, outbound pools, GC, statement latency, request CPU and\n")
                .append("CPU quota, and serves them for Prometheus at http://<host>:<port>/metrics.\n\n")
                .append("Usage:\n")
                .append("  java -javaagent:chokepoint-agent.jar[=option=value,option=value...] -jar app.jar\n")
                .append("  CHOKEPOINT_PORT=19464 java -javaagent:chokepoint-agent.jar -jar app.jar\n")
                .append("  java -jar chokepoint-agent.jar --help | --version\n\n")
                .append("Agent arguments win over environment variables. A bad or unknown option is reported\n")
                .append("on one stderr line and its default is used; the application always starts.\n")
                .append("Durations are written as in Go and Prometheus: 500us, 1ms, 30s, 1m30s.\n\n")
                .append(String.format(ROW, "option", "default", "environment", "meaning"));
        for (Option option : Option.values()) {
            text.append(String.format(ROW, option.key(), option.defaultValue(), option.envName(), option.description()));
        }
        text.append("\n  probes: ").append(String.join(", ", probeIds)).append('\n');
        text.append("\nOlder spellings, still read (one stderr line each); all options: docs/metrics.md#agent-options\n");
        for (OldName old : OldName.values()) {
            text.append(String.format("  %-23s -> %s%n", old.key(), old.now().key()));
        }
        return text.toString();
    }
}
