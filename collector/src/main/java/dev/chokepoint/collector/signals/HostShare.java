package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Who used the host's cores during a step, from the collector's host view: each part's CPU over
 * the step as a share of the host's cores, and what no part accounts for ("others"). Where the
 * service, its database and the load tool share one machine, this says which of them took the
 * cores the service lacked.
 */
final class HostShare {

    static final String PART_CPU = "chokepoint_host_part_cpu_seconds_total";
    static final String HOST_CPU = "chokepoint_host_cpu_seconds_total";
    static final String CORES = "chokepoint_host_cores";
    private static final String TARGET = "target ";
    private static final String DEPENDENCY = "dependency ";

    private HostShare() {
    }

    /** The parts of every host view over [from, to], largest first, then "others"; empty without a host view. */
    static List<StepCosts.HostPart> between(List<TargetSeries> views, Set<String> services, long fromMillis, long toMillis) {
        List<StepCosts.HostPart> out = new ArrayList<>();
        double seconds = (toMillis - fromMillis) / 1000.0;
        for (TargetSeries view : views) {
            double cores = lastValue(view.series(CORES, k -> true));
            double host = view.increaseBetween(HOST_CPU, k -> true, fromMillis, toMillis);
            if (Double.isNaN(cores) || cores <= 0 || Double.isNaN(host) || seconds <= 0) {
                continue;
            }
            Map<String, String> processes = processes(view);
            List<StepCosts.HostPart> parts = new ArrayList<>();
            double accounted = 0;
            for (Map.Entry<String, Double> e : view.increaseBetweenBy(PART_CPU, "part", fromMillis, toMillis).entrySet()) {
                accounted += e.getValue();
                parts.add(new StepCosts.HostPart(name(e.getKey(), services), processes.getOrDefault(e.getKey(), ""),
                        e.getValue() / seconds / cores));
            }
            parts.sort((a, b) -> Double.compare(b.share(), a.share()));
            out.addAll(parts);
            // Never below zero: the host's counter and the parts' are read a few milliseconds apart.
            out.add(new StepCosts.HostPart("others", "", Math.max(0, host - accounted) / seconds / cores));
        }
        return out;
    }

    /** A target the analysis judged a service is "service"; any other target is an exporter; a dependency is its address. */
    private static String name(String part, Set<String> services) {
        if (part.startsWith(TARGET)) {
            String target = part.substring(TARGET.length());
            return (services.contains(target) ? "service " : "exporter ") + target;
        }
        return part.startsWith(DEPENDENCY) ? part.substring(DEPENDENCY.length()) : part;
    }

    private static Map<String, String> processes(TargetSeries view) {
        Map<String, String> out = new HashMap<>();
        for (Series s : view.series(PART_CPU, k -> true)) {
            String process = s.key().label("process");
            if (process != null && !process.isEmpty()) {
                out.put(s.key().label("part"), process);
            }
        }
        return out;
    }

    private static double lastValue(List<Series> series) {
        for (Series s : series) {
            if (s.size() > 0) {
                return s.values()[s.size() - 1];
            }
        }
        return Double.NaN;
    }
}
