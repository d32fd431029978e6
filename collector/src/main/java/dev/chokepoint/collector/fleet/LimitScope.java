package dev.chokepoint.collector.fleet;

import dev.chokepoint.collector.rules.FleetLimit;
import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.signals.Unit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides whether a step's limit is shared by the fleet or local to some instances, from per-instance
 * numbers only (no timing: onsets on a loaded machine are too noisy to order instances by). What a
 * resource or a rule means for a fleet is data in the rule files; this class knows none by name.
 *
 * <ul>
 * <li>A rule of the resource with a {@code fleet-limit} held on at least its {@code min-instances}:
 *     that named shared limit (e.g. pools capped below their max on several instances are the
 *     database's connection budget, not any one pool).</li>
 * <li>A resource with {@code fleet-shared-from: N} saturated on N or more instances: shared (one
 *     database, one dependency).</li>
 * <li>The resource saturated on every instance that served requests: shared (the fleet as a whole).</li>
 * <li>Otherwise local: "uneven-balancing" when the saturated instances took more than their even
 *     share of requests, else "instance-capacity" (same traffic, less capacity: its configuration).</li>
 * </ul>
 */
final class LimitScope {

    /** A hot instance takes at least this much more than an even share of requests. */
    static final double HOT_SHARE_FACTOR = 1.3;
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-zA-Z_]+)}");

    record Verdict(FleetStep.Scope scope, String limit, String explanation, Map<String, Double> evidence) {
    }

    /**
     * One instance's step: whether the resource saturated on it, its request rate and share, the
     * rules that held on it, and its step means of the signals a fleet limit sums.
     */
    record Means(String instance, boolean saturated, double requestRate, double share, Set<String> rulesHeld,
                 Map<String, Double> signalMeans) {
    }

    /** A rule's fleet limit, with the rule's id. */
    record RuleLimit(String rule, FleetLimit limit) {
    }

    private LimitScope() {
    }

    static Verdict decide(Resource resource, List<RuleLimit> limits, List<Means> instances) {
        Map<String, Double> evidence = new LinkedHashMap<>();
        List<Means> serving = instances.stream().filter(m -> m.requestRate() > 0).toList();
        List<Means> hot = instances.stream().filter(Means::saturated).toList();
        evidence.put("instances", (double) instances.size());
        evidence.put("saturatedInstances", (double) hot.size());
        for (RuleLimit l : limits) {
            long held = instances.stream().filter(m -> m.rulesHeld().contains(l.rule())).count();
            if (held >= l.limit().minInstances()) {
                return ruleLimit(l.limit(), held, instances, evidence);
            }
        }
        if (resource.fleetSharedFrom() > 0 && hot.size() >= resource.fleetSharedFrom()) {
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

    private static Verdict ruleLimit(FleetLimit limit, long held, List<Means> instances, Map<String, Double> evidence) {
        Map<String, Double> words = new LinkedHashMap<>();
        words.put("instances", (double) instances.size());
        words.put("rule_instances", (double) held);
        words.put("saturated_instances", evidence.get("saturatedInstances"));
        limit.sums().forEach((name, signal) -> {
            double sum = instances.stream().mapToDouble(m -> m.signalMeans().getOrDefault(signal, Double.NaN))
                    .filter(x -> !Double.isNaN(x)).sum();
            evidence.put(name, sum);
            words.put(name, sum);
        });
        evidence.put("ruleInstances", (double) held);
        Matcher m = PLACEHOLDER.matcher(limit.explanation().strip().replaceAll("\\s+", " "));
        StringBuilder text = new StringBuilder();
        while (m.find()) {
            Double v = words.get(m.group(1));
            m.appendReplacement(text, Matcher.quoteReplacement(v == null ? m.group() : whole(v)));
        }
        m.appendTail(text);
        return new Verdict(FleetStep.Scope.SHARED, limit.id(), text.toString(), evidence);
    }

    private static String whole(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : Unit.num(v);
    }
}
