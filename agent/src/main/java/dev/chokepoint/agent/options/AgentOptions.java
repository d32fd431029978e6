package dev.chokepoint.agent.options;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * The agent's settings, read from the agent arguments ({@code port=19464,host=0.0.0.0}) and from
 * {@code CHOKEPOINT_*} environment variables; an argument wins over the environment.
 *
 * <p>Parsing never fails: an unknown option or a bad value becomes one line in
 * {@link #problems()} naming it and the fix, and that option keeps its default. The agent must
 * never stop an application from starting because of a typo in its flags.
 */
public final class AgentOptions {

    private static final String ARGUMENTS = "agent arguments";

    private final Map<Option, String> values;
    private final List<String> problems;

    private AgentOptions(Map<Option, String> values, List<String> problems) {
        this.values = values;
        this.problems = Collections.unmodifiableList(problems);
    }

    /** The defaults, as if neither arguments nor environment said anything. */
    public static AgentOptions defaults() {
        return parse(null, Map.of());
    }

    /** Reads {@code agentArgs} (may be {@code null}) over {@code environment}. */
    public static AgentOptions parse(String agentArgs, Map<String, String> environment) {
        Map<Option, String> values = new EnumMap<>(Option.class);
        List<String> problems = new ArrayList<>();
        for (OldName old : OldName.values()) {
            String fromEnv = environment.get(old.envName());
            if (fromEnv != null && !environment.containsKey(old.now().envName())) {
                problems.add(old.notice(true));
                accept(old.now(), old.translate(fromEnv.trim()), old.envName(), values, problems);
            }
        }
        for (Option option : Option.values()) {
            String fromEnv = environment.get(option.envName());
            if (fromEnv != null) {
                accept(option, fromEnv.trim(), option.envName(), values, problems);
            }
        }
        if (agentArgs != null) {
            for (String item : agentArgs.split(",")) {
                readArgument(item.trim(), values, problems);
            }
        }
        for (Option option : Option.values()) {
            values.putIfAbsent(option, option.defaultValue());
        }
        return new AgentOptions(values, problems);
    }

    private static void readArgument(String item, Map<Option, String> values, List<String> problems) {
        if (item.isEmpty()) {
            return;
        }
        int equals = item.indexOf('=');
        if (equals < 0) {
            problems.add("chokepoint: agent argument '" + item + "' is not key=value; write e.g. port=19464 ("
                    + knownOptions() + ")");
            return;
        }
        String key = item.substring(0, equals).trim();
        String value = item.substring(equals + 1).trim();
        Option option = Option.byKey(key);
        if (option == null) {
            OldName old = OldName.byKey(key);
            if (old == null) {
                problems.add("chokepoint: unknown option '" + key + "' in " + ARGUMENTS + ", ignored; " + knownOptions());
                return;
            }
            problems.add(old.notice(false));
            option = old.now();
            value = old.translate(value);
        }
        accept(option, value, ARGUMENTS, values, problems);
    }

    private static void accept(Option option, String value, String source, Map<Option, String> values,
                               List<String> problems) {
        String problem = option.rule().problem(value);
        if (problem == null) {
            values.put(option, value);
        } else {
            problems.add("chokepoint: option " + option.key() + "=" + value + " (" + source + ") " + problem
                    + "; using the default " + option.defaultValue());
        }
    }

    private static String knownOptions() {
        StringJoiner known = new StringJoiner(", ", "known options: ", " (java -jar chokepoint-agent.jar --help)");
        for (Option option : Option.values()) {
            known.add(option.key());
        }
        return known.toString();
    }

    /** One ready-to-print stderr line per unknown option, bad value or old spelling, in the order met. */
    public List<String> problems() {
        return problems;
    }

    /** The value of the option named {@code key}, or {@code fallback} when no option has that name. */
    public String value(String key, String fallback) {
        Option option = Option.byKey(key);
        return option == null ? fallback : values.get(option);
    }

    public String value(Option option) {
        return values.get(option);
    }

    public int port() {
        return Integer.parseInt(values.get(Option.PORT));
    }

    public String host() {
        return values.get(Option.HOST);
    }

    public String probes() {
        return values.get(Option.PROBES);
    }

    public int maxUris() {
        return Integer.parseInt(values.get(Option.REQUEST_MAX_URIS));
    }

    public int maxQueries() {
        return Integer.parseInt(values.get(Option.JDBC_MAX_QUERIES));
    }

    /** The OTLP/HTTP metrics endpoint, empty when export is off. */
    public Optional<URI> otlpEndpoint() {
        String endpoint = values.get(Option.OTLP_ENDPOINT);
        return endpoint.equals("off") ? Optional.empty() : Optional.of(URI.create(endpoint));
    }

    public Duration otlpInterval() {
        return Durations.parse(values.get(Option.OTLP_INTERVAL));
    }
}
