package dev.chokepoint.agent.options;

/**
 * Spellings of options from before they were named alike ({@code max-uris} beside
 * {@code otlp.endpoint}; {@code waits.lock-ms} taking a number of milliseconds where
 * {@code otlp.interval} took a duration). Still read, in agent arguments and as environment
 * variables, each with one stderr line naming the new spelling.
 */
public enum OldName {

    MAX_URIS("max-uris", Option.REQUEST_MAX_URIS, false),
    MAX_QUERIES("max-queries", Option.JDBC_MAX_QUERIES, false),
    MAX_WAIT_LABELS("max-wait-labels", Option.WAITS_MAX_LABELS, false),
    MAX_EXECUTORS("max-executors", Option.EXECUTORS_MAX_NAMES, false),
    WAITS_LOCK_MS("waits.lock-ms", Option.WAITS_LOCK_THRESHOLD, true),
    WAITS_SOCKET_MS("waits.socket-ms", Option.WAITS_SOCKET_THRESHOLD, true),
    WAITS_FILE_MS("waits.file-ms", Option.WAITS_FILE_THRESHOLD, true);

    private final String key;
    private final Option now;
    /** The old option took whole milliseconds: {@code 5} is {@code 5ms}. */
    private final boolean millis;

    OldName(String key, Option now, boolean millis) {
        this.key = key;
        this.now = now;
        this.millis = millis;
    }

    public String key() {
        return key;
    }

    public String envName() {
        return Option.envName(key);
    }

    /** The option it is now. */
    public Option now() {
        return now;
    }

    /** The value as the new option reads it: a bare number of milliseconds gains its unit. */
    String translate(String value) {
        return millis && value.matches("\\d+") ? value + "ms" : value;
    }

    /** The line printed once when the old name is used. */
    String notice(boolean environment) {
        String old = environment ? envName() : key;
        String current = environment ? now.envName() : now.key();
        return "chokepoint: option " + old + " is now " + current + (millis ? " (a duration, e.g. 1ms)" : "")
                + "; the old name still works";
    }

    static OldName byKey(String key) {
        for (OldName old : values()) {
            if (old.key.equals(key)) {
                return old;
            }
        }
        return null;
    }
}
