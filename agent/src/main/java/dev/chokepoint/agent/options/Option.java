package dev.chokepoint.agent.options;

import java.util.Locale;

/**
 * Every option the agent understands: its name in the agent arguments, the environment variable
 * that sets it when no argument does, its default, and the rule a value must follow.
 * {@code java -jar chokepoint-agent.jar --help} prints this table.
 */
public enum Option {

    PORT("port", "9464", ValueRule.PORT, "TCP port of the /metrics endpoint (0 = any free port)"),
    HOST("host", "127.0.0.1", ValueRule.HOST, "address the endpoint binds to; loopback unless told otherwise"),
    PROBES("probes", "all", ValueRule.PROBES,
            "probes to run: 'all', a ':'-separated list (tomcat:hikari), or exclusions (-hikari:-jdbc)"),
    MAX_URIS("max-uris", "100", ValueRule.POSITIVE_INT, "distinct uri tag values before the rest become 'other'"),
    MAX_QUERIES("max-queries", "100", ValueRule.POSITIVE_INT,
            "distinct query tag values before the rest become 'other'"),
    MAX_WAIT_LABELS("max-wait-labels", "50", ValueRule.POSITIVE_INT,
            "distinct lock, blocker, site and peer tag values of the wait meters before the rest become 'other'"),
    MAX_EXECUTORS("max-executors", "50", ValueRule.POSITIVE_INT,
            "distinct executor name tag values before the rest become 'other'"),
    WAITS_LOCK_MS("waits.lock-ms", "1", ValueRule.NON_NEGATIVE_INT,
            "shortest monitor enter or park the wait probe records, in milliseconds (JFR threshold; parks: raised to 10 "
                    + "while idle workers' parks are frequent and parks take under 2 % of the requests' time)"),
    WAITS_SOCKET_MS("waits.socket-ms", "1", ValueRule.NON_NEGATIVE_INT,
            "shortest socket read or write the wait probe records, in milliseconds (JFR threshold)"),
    WAITS_FILE_MS("waits.file-ms", "1", ValueRule.NON_NEGATIVE_INT,
            "shortest file read or write the wait probe records, in milliseconds (JFR threshold)"),
    OTLP_ENDPOINT("otlp.endpoint", "off", ValueRule.OTLP_ENDPOINT,
            "OTLP/HTTP metrics URL, e.g. http://127.0.0.1:4318/v1/metrics; 'off' exports nothing"),
    OTLP_INTERVAL("otlp.interval", "30s", ValueRule.DURATION, "how often metrics are pushed over OTLP (ms, s or m)");

    private final String key;
    private final String defaultValue;
    private final ValueRule rule;
    private final String description;

    Option(String key, String defaultValue, ValueRule rule, String description) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.rule = rule;
        this.description = description;
    }

    /** The name used in agent arguments, e.g. {@code max-uris}. */
    public String key() {
        return key;
    }

    /** {@code max-uris} → {@code CHOKEPOINT_MAX_URIS}, {@code otlp.endpoint} → {@code CHOKEPOINT_OTLP_ENDPOINT}. */
    public String envName() {
        return "CHOKEPOINT_" + key.replace('-', '_').replace('.', '_').toUpperCase(Locale.ROOT);
    }

    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    ValueRule rule() {
        return rule;
    }

    /** The option named {@code key} in agent arguments, or {@code null}. */
    static Option byKey(String key) {
        for (Option option : values()) {
            if (option.key.equals(key)) {
                return option;
            }
        }
        return null;
    }
}
