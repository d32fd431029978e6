package dev.chokepoint.collector.rules;

import java.util.List;
import java.util.Map;

/**
 * One rule as written in a rule file, validated but not compiled. {@code when} is a CEL boolean
 * expression over signal names and {@code params.<name>}; {@code utilization}, {@code saturation}
 * and {@code errors} are CEL numeric expressions for the USE table. {@code explains} lists the
 * resources whose saturation this one causes (they are reported as consequences);
 * {@code refines} names a broader rule of the same resource that this one diagnoses more
 * precisely (when both hold, the report names this one). {@code throughputBound}: utilization
 * grows in proportion to throughput, so the utilization law (X ≤ 1/D) applies. Resource ids are
 * checked against the declared resources once every file is read ({@link RuleSet}).
 * {@code fleetLimit}: what the rule means when it holds on several fleet instances (may be null).
 */
public record Rule(String id, String resource, Severity severity, String when, long sustainMillis,
                   String utilization, String saturation, String errors, List<String> explains,
                   String refines, boolean throughputBound, Map<String, Double> params,
                   String summary, String advice, FleetLimit fleetLimit, Origin origin) {

    /** Where the rule was written, for error messages and the report. */
    public record Origin(String file, int line, Map<String, Integer> fieldLines) {

        /** Line where a field's value starts (the rule's line when the field is absent). */
        public int lineOf(String field) {
            return fieldLines.getOrDefault(field, line);
        }

        @Override
        public String toString() {
            return file + ":" + line;
        }
    }
}
