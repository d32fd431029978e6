package dev.chokepoint.agent.options;

import java.util.Locale;

/**
 * Every option the agent understands: its name in the agent arguments, the environment variable
 * that sets it when no argument does, its default, and the rule a value must follow.
 * {@code java -jar chokepoint-agent.jar --help} prints this table, docs/metrics.md documents it.
 *
 * <p>Names: lowercase words joined by '-'; a setting of one probe or exporter is prefixed with its
 * id and a dot ({@code request.max-uris}, {@code waits.lock-threshold}, {@code otlp.endpoint});
 * units are in values ({@code 1ms}), not in names. Older spellings: {@link OldName}.
 */
public enum Option {

    PORT("port", "19464", ValueRule.PORT, "TCP port of the /metrics endpoint (0 = any free port)"),
    HOST("host", "127.0.0.1", ValueRule.HOST, "address the endpoint binds to; loopback unless told otherwise"),
    PROBES("probes", "all", ValueRule.PROBES,
            "probes to run: 'all', a ':'-separated list (tomcat:hikari), or exclusions (-hikari:-jdbc)"),
    REQUEST_MAX_URIS("request.max-uris", "100", ValueRule.POSITIVE_INT,
            "distinct uri tag values before the rest become 'other'"),
    JDBC_MAX_QUERIES("jdbc.max-queries", "100", ValueRule.POSITIVE_INT,
            "distinct query tag values before the rest become 'other'"),
    WAITS_MAX_LABELS("waits.max-labels", "50", ValueRule.POSITIVE_INT,
            "distinct lock, blocker, site and peer tag values of the wait meters before the rest become 'other'"),
    EXECUTORS_MAX_NAMES("executors.max-names", "50", ValueRule.POSITIVE_INT,
            "distinct executor name tag values before the rest become 'other'"),
    WAITS_LOCK_THRESHOLD("waits.lock-threshold", "1ms", ValueRule.DURATION_OR_ZERO,
            "shortest monitor enter or park the wait probe records (JFR threshold; parks: raised to 10ms while idle "
                    + "workers' parks are frequent and parks take under 2 % of the requests' time)"),
    WAITS_SOCKET_THRESHOLD("waits.socket-threshold", "1ms", ValueRule.DURATION_OR_ZERO,
            "shortest socket read or write the wait probe records (JFR threshold; 0 records every one)"),
    WAITS_FILE_THRESHOLD("waits.file-threshold", "1ms", ValueRule.DURATION_OR_ZERO,
            "shortest file read or write the wait probe records (JFR threshold)"),
    OTLP_ENDPOINT("otlp.endpoint", "off", ValueRule.OTLP_ENDPOINT,
            "OTLP/HTTP metrics URL, e.g. http://127.0.0.1:4318/v1/metrics; 'off' exports nothing"),
    OTLP_INTERVAL("otlp.interval", "30s", ValueRule.DURATION, "how often metrics are pushed over OTLP");

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

    /** The name used in agent arguments, e.g. {@code request.max-uris}. */
    public String key() {
        return key;
    }

    /** {@code request.max-uris} → {@code CHOKEPOINT_REQUEST_MAX_URIS}. */
    public String envName() {
        return envName(key);
    }

    static String envName(String key) {
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

    /** The option named {@code key} in agent arguments, or {@code null} (old names: {@link OldName#byKey}). */
    public static Option byKey(String key) {
        for (Option option : values()) {
            if (option.key.equals(key)) {
                return option;
            }
        }
        return null;
    }
}
