package dev.chokepoint.agent.options;

import java.util.List;

/** The text {@code java -jar chokepoint-agent.jar --help} prints: usage and every option. */
public final class HelpText {

    private HelpText() {
    }

    /** @param probeIds every probe the agent has, for the {@code probes} option */
    public static String render(List<String> probeIds) {
        StringBuilder text = new StringBuilder()
                .append("Chokepoint agent: records Tomcat workers, HikariCP, outbound pools, GC, statement latency,\n")
                .append("request CPU and CPU quota, and serves them for Prometheus at http://<host>:<port>/metrics.\n\n")
                .append("Usage:\n")
                .append("  java -javaagent:chokepoint-agent.jar[=option=value,option=value...] -jar app.jar\n")
                .append("  CHOKEPOINT_PORT=9464 java -javaagent:chokepoint-agent.jar -jar app.jar\n\n")
                .append("Agent arguments win over environment variables. A bad or unknown option is reported\n")
                .append("on one stderr line and its default is used; the application always starts.\n\n")
                .append(String.format("  %-15s %-10s %-27s %s%n", "option", "default", "environment", "meaning"));
        for (Option option : Option.values()) {
            text.append(String.format("  %-15s %-10s %-27s %s%n",
                    option.key(), option.defaultValue(), option.envName(), option.description()));
        }
        text.append("\n  probes: ").append(String.join(", ", probeIds)).append('\n');
        return text.toString();
    }
}
