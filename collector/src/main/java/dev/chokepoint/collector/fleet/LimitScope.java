package dev.chokepoint.collector.fleet;

import dev.chokepoint.collector.rules.Resource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Decides whether a step's limit is shared by the fleet or local to some instances, from per-instance
 * numbers only (no timing: onsets on a loaded machine are too noisy to order instances by).
 *
 * <ul>
 * <li>Pools waiting while open below their own max on several instances, with the pools' max summed
 *     above what is open: the database's connection budget (a role or server connection limit) is
 *     the shared limit, not any one pool.</li>
 * <li>The database or a downstream dependency saturated on two or more instances: shared.</li>
 * <li>The resource saturated on every instance that served requests: shared (the fleet as a whole).</li>
 * <li>Otherwise local: "uneven-balancing" when the saturated instances took more than their even
 *     share of requests, else "instance-capacity" (same traffic, less capacity: its configuration).</li>
 * </ul>
 */
final class LimitScope {

    /** A hot instance takes at least this much more than an even share of requests. */
    static final double HOT_SHARE_FACTOR = 1.3;

    record Verdict(FleetStep.Scope scope, String limit, String explanation, Map<String, Double> evidence) {
    }

    /** One instance's means over the step. */
    record Means(String instance, boolean saturated, double requestRate, double share, double poolOpen,
                 double poolMax, double poolPending) {
    }

    private LimitScope() {
    }

    static Verdict decide(Resource resource, List<Means> instances) {
        Map<String, Double> evidence = new LinkedHashMap<>();
        List<Means> serving = instances.stream().filter(m -> m.requestRate() > 0).toList();
        List<Means> hot = instances.stream().filter(Means::saturated).toList();
        evidence.put("instances", (double) instances.size());
        evidence.put("saturatedInstances", (double) hot.size());
        if (resource == Resource.CONNECTION_POOL) {
            double open = sum(instances, Means::poolOpen);
            double max = sum(instances, Means::poolMax);
            long capped = instances.stream()
                    .filter(m -> m.poolPending() >= 0.5 && m.poolOpen() < m.poolMax() - 0.5).count();
            if (capped >= 2 && open < max - 0.5) {
                evidence.put("poolMaxSum", max);
                evidence.put("poolOpenSum", open);
                evidence.put("cappedInstances", (double) capped);
                return new Verdict(FleetStep.Scope.SHARED, "database-connection-budget", String.format(Locale.ROOT,
                        "shared: the database's connection budget. The %d pools may open %.0f connections in all, "
                                + "the database granted %.0f; %d instances had requests waiting while their pool "
                                + "stayed below its max. Raise the database's (role's) connection limit or shrink "
                                + "the pools so their sum fits it.", instances.size(), max, open, capped), evidence);
            }
        }
        if ((resource == Resource.DATABASE || resource == Resource.DOWNSTREAM) && hot.size() >= 2) {
            return new Verdict(FleetStep.Scope.SHARED, resource.id(), String.format(Locale.ROOT,
                    "shared: the %s slowed on %d of %d instances together; adding instances will not help.",
                    resource.displayName(), hot.size(), instances.size()), evidence);
        }
        if (!serving.isEmpty() && hot.size() >= serving.size()) {
            return new Verdict(FleetStep.Scope.SHARED, "every-instance", String.format(Locale.ROOT,
                    "shared: %s saturated on every instance (%d) at once: the fleet's capacity, evenly loaded.",
                    resource.displayName(), hot.size()), evidence);
        }
        double even = serving.isEmpty() ? Double.NaN : 1.0 / serving.size();
        double hotShare = hot.stream().mapToDouble(Means::share).max().orElse(Double.NaN);
        evidence.put("evenShare", even);
        evidence.put("hotShare", hotShare);
        String names = String.join(", ", hot.stream().map(Means::instance).toList());
        if (hotShare >= HOT_SHARE_FACTOR * even) {
            return new Verdict(FleetStep.Scope.LOCAL, "uneven-balancing", String.format(Locale.ROOT,
                    "local: %s saturated on %s only, which took %.0f%% of the requests (an even share is %.0f%%) "
                            + "while the other instances had headroom: fix the load balancer's weights.",
                    resource.displayName(), names, hotShare * 100, even * 100), evidence);
        }
        return new Verdict(FleetStep.Scope.LOCAL, "instance-capacity", String.format(Locale.ROOT,
                "local: %s saturated on %s only, at an even share of the requests: that instance has less "
                        + "capacity (check its configuration or host).", resource.displayName(), names), evidence);
    }

    private static double sum(List<Means> in, java.util.function.ToDoubleFunction<Means> f) {
        return in.stream().mapToDouble(f).filter(x -> !Double.isNaN(x)).sum();
    }
}
