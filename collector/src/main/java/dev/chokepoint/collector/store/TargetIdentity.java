package dev.chokepoint.collector.store;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which process answers at a target: the agent's instance (a random UUID the agent chooses at
 * start), its pid, and when the process started. A restart is this changing, never one counter
 * going down: on virtual threads one of the agent's counters went slightly down about once a
 * second in a live process. Each part is null where the target does not export it (a plain
 * Actuator endpoint has the start time only; other exporters have nothing).
 */
public record TargetIdentity(String instance, String pid, Long startMillis, String command) {

    /** Without the command the agent names (older agents, other exporters). */
    public TargetIdentity(String instance, String pid, Long startMillis) {
        this(instance, pid, startMillis, null);
    }

    /**
     * A gauge of 1 with labels {@code agent_instance}, {@code pid} and {@code command} (the main
     * class or jar: what tells a user they measured the process they meant).
     */
    public static final String AGENT_INFO = "chokepoint_agent_info";
    /** Micrometer's UptimeMetrics gauge, which Spring Boot Actuator exposes too. */
    public static final String PROCESS_START = "process_start_time_seconds";
    public static final TargetIdentity UNKNOWN = new TargetIdentity(null, null, null);
    /**
     * Start times this close are one process: an exporter that computes its start time (boot time
     * plus clock ticks, or now minus uptime) may round it differently from one scrape to the next,
     * while a restart moves it by at least the seconds a JVM takes to start.
     */
    static final long START_TOLERANCE_MILLIS = 1000;

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    /** This identity with what one sample says (itself for a sample that is not part of it). */
    public TargetIdentity with(String name, Map<String, String> labels, double value) {
        if (name.equals(AGENT_INFO)) {
            // agent_instance, not instance: Prometheus keeps instance for the scrape target's
            // address (and with honor_labels the agent's would replace it).
            String id = labels.get("agent_instance");
            return new TargetIdentity(id, labels.get("pid"), startMillis, labels.get("command"));
        }
        if (name.equals(PROCESS_START) && Double.isFinite(value)) {
            return new TargetIdentity(instance, pid, Math.round(value * 1000), command);
        }
        return this;
    }

    public boolean known() {
        return instance != null || pid != null || startMillis != null;
    }

    /**
     * Whether {@code other} is the same process: false when a part both know differs, true when
     * every part both know agrees, null when they know no part in common (nothing to tell by).
     */
    public Boolean sameProcessAs(TargetIdentity other) {
        Boolean same = null;
        for (int part = 0; part < PART_NAMES.length; part++) {
            Object a = parts().get(part);
            Object b = other.parts().get(part);
            if (a != null && b != null) {
                if (!samePart(a, b)) {
                    return false;
                }
                same = true;
            }
        }
        return same;
    }

    /** "agent instance 3f2a…, pid 4242, started 12:00:01" with the parts known. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        for (int part = 0; part < PART_NAMES.length; part++) {
            if (parts().get(part) != null) {
                parts.add(PART_NAMES[part] + " " + text(part));
            }
        }
        return parts.isEmpty() ? "no process identity exported" : String.join(", ", parts);
    }

    /** "agent instance a → b; started 12:00:00 → 12:05:03": the parts that differ from {@code before}. */
    public String changesFrom(TargetIdentity before) {
        List<String> parts = new ArrayList<>();
        for (int part = 0; part < PART_NAMES.length; part++) {
            Object a = before.parts().get(part);
            Object b = parts().get(part);
            if (a == null ? b != null : b == null || !samePart(a, b)) {
                parts.add(PART_NAMES[part] + " " + before.text(part) + " → " + text(part));
            }
        }
        return String.join("; ", parts);
    }

    /**
     * The processes a target showed in a recorded run, in order, one entry per process (empty
     * when it exported no identity). A scrape that lacked a part does not start a new process.
     */
    public static List<TargetIdentity> seen(RunData run, String target) {
        List<Series> parts = run.series().stream().filter(s -> s.key().target().equals(target)
                && (s.key().name().equals(AGENT_INFO) || s.key().name().equals(PROCESS_START))).toList();
        TreeSet<Long> times = new TreeSet<>();
        parts.forEach(s -> Arrays.stream(s.timesMillis()).forEach(times::add));
        List<double[]> values = parts.stream().map(Series::values).toList();
        List<TargetIdentity> out = new ArrayList<>();
        for (long t : times) {
            TargetIdentity at = UNKNOWN;
            for (int p = 0; p < parts.size(); p++) {
                Series s = parts.get(p);
                int i = Arrays.binarySearch(s.timesMillis(), t);
                if (i >= 0) {
                    at = at.with(s.key().name(), s.key().labels(), values.get(p)[i]);
                }
            }
            TargetIdentity last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && !Boolean.FALSE.equals(last.sameProcessAs(at))) {
                out.set(out.size() - 1, last.filledFrom(at));
            } else if (at.known()) {
                out.add(at);
            }
        }
        return out;
    }

    private TargetIdentity filledFrom(TargetIdentity other) {
        return new TargetIdentity(instance != null ? instance : other.instance, pid != null ? pid : other.pid,
                startMillis != null ? startMillis : other.startMillis, command != null ? command : other.command);
    }

    private static final String[] PART_NAMES = {"agent instance", "pid", "started"};

    private static boolean samePart(Object a, Object b) {
        return a instanceof Long x && b instanceof Long y ? Math.abs(x - y) <= START_TOLERANCE_MILLIS : a.equals(b);
    }

    /** In the order of {@link #PART_NAMES}. */
    private List<Object> parts() {
        return Arrays.asList(instance, pid, startMillis);
    }

    private String text(int part) {
        Object value = parts().get(part);
        if (value == null) {
            return "unknown";
        }
        return value instanceof Long millis ? CLOCK.format(Instant.ofEpochMilli(millis)) + " UTC" : value.toString();
    }
}
