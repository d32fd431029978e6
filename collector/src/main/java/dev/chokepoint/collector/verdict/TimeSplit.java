package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.signals.Grid;
import dev.chokepoint.collector.signals.SignalCatalog;
import dev.chokepoint.collector.signals.SignalFrame;
import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.steps.Step;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a request's time went in a step: the per-request split (CPU, pool wait, JDBC, remote,
 * other wait) as means over the step and the targets, and which part grew most against another
 * step. What a report can still say when no rule names the resource.
 */
record TimeSplit(Map<String, Double> means) {

    private static final String WALL = SignalCatalog.known("request_wall_mean");
    private static final String OTHER = SignalCatalog.known("request_other_wait_mean");
    /** The request threads' JFR waits, where the agent's wait probe recorded them. */
    private static final List<String> NAMED_WAITS = List.of(SignalCatalog.known("request_lock_wait_mean"),
            SignalCatalog.known("request_park_wait_mean"), SignalCatalog.known("request_socket_wait_mean"));
    /** "Other wait" once the named waits are taken out of it. */
    private static final String OTHER_WITH_WAITS_NAMED = "other wait (sleeps, and waits not named: under 1 ms, or not recorded)";

    /** Signal → what the part is, for a reader. */
    static final Map<String, String> PARTS = parts();

    private static Map<String, String> parts() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(SignalCatalog.known("request_cpu_mean"), "CPU");
        m.put(SignalCatalog.known("request_pool_wait_mean"), "pool wait");
        m.put(SignalCatalog.known("request_jdbc_mean"), "JDBC");
        m.put(SignalCatalog.known("request_remote_mean"), "remote calls");
        m.put(SignalCatalog.known("request_core_wait_mean"), "waiting for a core (runnable, CPU withheld)");
        m.put(SignalCatalog.known("request_lock_wait_mean"), "lock wait (synchronized)");
        m.put(SignalCatalog.known("request_park_wait_mean"), "park wait (j.u.c locks, executors' futures, async clients, queues)");
        m.put(SignalCatalog.known("request_socket_wait_mean"), "socket wait (clients without a probe)");
        m.put(OTHER, "other wait (locks, executors, sleeps, clients without a probe)");
        return java.util.Collections.unmodifiableMap(m);
    }

    static TimeSplit of(Step step, Grid grid, List<SignalFrame> frames) {
        int from = grid.indexAtOrAfter(step.startMillis() + grid.windowMillis());
        int to = grid.indexAtOrBefore(step.endMillis());
        if (from > to) {
            from = grid.indexAtOrAfter(step.startMillis());
        }
        Map<String, Double> out = new LinkedHashMap<>();
        out.put(WALL, mean(WALL, from, to, frames));
        for (String part : PARTS.keySet()) {
            out.put(part, mean(part, from, to, frames));
        }
        return new TimeSplit(out);
    }

    private static double mean(String signal, int from, int to, List<SignalFrame> frames) {
        double sum = 0;
        int n = 0;
        for (SignalFrame f : frames) {
            double m = RuleTimeline.mean(f.values(signal), Math.max(0, from), to);
            if (!Double.isNaN(m)) {
                sum += m;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** The part whose time per request grew most over {@code base}, or null when none is known. */
    String grewMost(TimeSplit base) {
        String best = null;
        double most = Double.NEGATIVE_INFINITY;
        for (String part : PARTS.keySet()) {
            double growth = means.get(part) - base.means.getOrDefault(part, Double.NaN);
            if (!Double.isNaN(growth) && growth > most) {
                most = growth;
                best = part;
            }
        }
        return best;
    }

    /** "other wait (…): 2.1 ms → 48 ms per request (×23 the lowest step)"; {@code baseName} names {@code base}'s step. */
    String growth(String part, TimeSplit base, String baseName) {
        double now = means.get(part);
        double before = base.means.get(part);
        return name(part) + ": " + Unit.SECONDS.format(before) + " → " + Unit.SECONDS.format(now) + " per request"
                + (before > 0 ? " (" + Unit.FACTOR.format(now / before) + " " + baseName + ")" : "");
    }

    /** What a part is; "other wait" says what it still holds, which depends on whether the waits were named. */
    private String name(String part) {
        boolean waitsNamed = NAMED_WAITS.stream().anyMatch(w -> !Double.isNaN(means.getOrDefault(w, Double.NaN)));
        return part.equals(OTHER) && waitsNamed ? OTHER_WITH_WAITS_NAMED : PARTS.get(part);
    }

    /** "CPU 2 ms, pool wait 0 µs, …" of the known parts. */
    String describe() {
        StringBuilder s = new StringBuilder();
        PARTS.forEach((part, name) -> {
            double v = means.get(part);
            if (!Double.isNaN(v)) {
                s.append(s.isEmpty() ? "" : ", ").append(name.replaceAll(" \\(.*", "")).append(' ').append(Unit.SECONDS.format(v));
            }
        });
        return s.toString();
    }
}
