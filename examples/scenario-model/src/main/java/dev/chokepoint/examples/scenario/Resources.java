package dev.chokepoint.examples.scenario;

import java.util.List;

/**
 * The resource ids shared by the scenarios, the rules and the report (fixed by the project).
 * {@code unattributed} is the verdict of a limited step that no resource rule explains (the
 * service stopped keeping up, but no known resource saturated); {@code none} is a step that was
 * not limited.
 */
public final class Resources {

    public static final List<String> IDS = List.of(
            "cpu", "cpu-quota", "tomcat-workers", "connection-pool", "heap", "database", "downstream", "unattributed",
            "none");

    private Resources() {
    }

    public static boolean isKnown(String id) {
        return IDS.contains(id);
    }
}
