package dev.chokepoint.collector.rules;

import java.util.Arrays;
import java.util.Optional;

/** The things with a capacity that a rule can judge (ids fixed by the shared vocabulary). */
public enum Resource {
    CPU("cpu", "CPU"),
    CPU_QUOTA("cpu-quota", "CPU quota"),
    TOMCAT_WORKERS("tomcat-workers", "Tomcat workers"),
    CONNECTION_POOL("connection-pool", "connection pool"),
    HEAP("heap", "heap / GC"),
    DATABASE("database", "database"),
    DOWNSTREAM("downstream", "downstream dependency"),
    NONE("none", "nothing");

    private final String id;
    private final String displayName;

    Resource(String id, String displayName) {
        this.id = id;
        this.displayName = displayName;
    }

    public String id() {
        return id;
    }

    public String displayName() {
        return displayName;
    }

    public static Optional<Resource> byId(String id) {
        return Arrays.stream(values()).filter(r -> r.id.equals(id)).findFirst();
    }

    public static String ids() {
        return String.join(", ", Arrays.stream(values()).filter(r -> r != NONE).map(Resource::id).toList());
    }
}
