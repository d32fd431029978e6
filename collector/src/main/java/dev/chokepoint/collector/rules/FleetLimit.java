package dev.chokepoint.collector.rules;

import java.util.Map;

/**
 * A rule's meaning for a fleet: when the rule holds on at least {@code minInstances} instances in a
 * step, the limit is shared by them and named {@code id} (e.g. {@code database-connection-budget}:
 * pools capped below their max on several instances are one database's connection budget).
 * {@code sums}: evidence name → signal whose step means are summed over the instances; the
 * {@code explanation} quotes them and {instances}, {rule_instances}, {saturated_instances}.
 */
public record FleetLimit(String id, int minInstances, Map<String, String> sums, String explanation) {
}
