package dev.chokepoint.collector.fleet;

import java.util.List;
import java.util.Map;

/**
 * One step seen across the instances: the fleet's first saturated resource ({@code none} when
 * nothing saturated), where the limit sits ({@link Scope}), what the limit is ({@code limit}: a
 * word of docs/report.md, e.g. {@code database-connection-budget} or {@code uneven-balancing}), a
 * sentence with the numbers, and each instance's own verdict.
 */
public record FleetStep(int step, String resource, Scope scope, String limit, String explanation,
                        Map<String, Double> evidence, List<InstanceStep> instances) {

    public enum Scope {
        /** Something all instances use (the database, its connection budget), or every instance at once. */
        SHARED,
        /** Some instances only (uneven balancing, one instance configured smaller). */
        LOCAL,
        /** Nothing saturated in this step. */
        NONE
    }

    /**
     * One instance in one step: whether the fleet's resource saturated on it and when, its own first
     * saturated resource, its request rate and its share of the fleet's requests.
     */
    public record InstanceStep(String instance, boolean saturated, Long onsetMillis, String firstSaturated,
                               String rule, double requestRate, double requestShare) {
    }
}
