package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.rules.Severity;

import java.util.Map;

/**
 * A saturated resource in a step: the rule that names it, where and when it first held, its
 * explanation filled with the evidence, and the evidence itself (signal → mean while it held).
 * {@code explainedBy} is set when it is a consequence of another saturated resource.
 */
public record Finding(Resource resource, String rule, Severity severity, String target, long onsetMillis,
                      String summary, String advice, Map<String, Double> evidence, Map<String, String> labels,
                      Resource explainedBy) {

    /** "connection pool", or "downstream dependency search:9200" when the resource names its instance. */
    public String displayName() {
        return resource.displayName(labels);
    }

    Finding asConsequenceOf(Resource cause) {
        return new Finding(resource, rule, severity, target, onsetMillis, summary, advice, evidence, labels, cause);
    }
}
