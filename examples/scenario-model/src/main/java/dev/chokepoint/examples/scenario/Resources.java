package dev.chokepoint.examples.scenario;

import java.util.List;

/** The resource ids shared by the scenarios, the rules and the report (fixed by the project). */
public final class Resources {

    public static final List<String> IDS = List.of(
            "cpu", "cpu-quota", "tomcat-workers", "connection-pool", "heap", "database", "downstream", "none");

    private Resources() {
    }

    public static boolean isKnown(String id) {
        return IDS.contains(id);
    }
}
