package dev.chokepoint.collector.check;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * What a run's report must say (a scenario file's {@code expect:} block): the first saturated
 * resource and optionally its rule, at {@code step} ± {@code tolerance}, the steps that must report
 * {@code none}, and whether the target must stop answering during the run.
 */
public record Expectation(String resource, String rule, Integer step, int tolerance, List<Integer> noneSteps,
                          boolean targetDies) {

    public static final int DEFAULT_TOLERANCE = 1;

    /** From the {@code expect:} block, or a document holding one under {@code expect}. */
    public static Expectation of(JsonNode node) {
        JsonNode e = node.has("expect") ? node.get("expect") : node;
        if (!e.hasNonNull("resource")) {
            throw new IllegalArgumentException("no expect.resource (write e.g. 'expect: {resource: connection-pool, step: 3}')");
        }
        List<Integer> none = new ArrayList<>();
        e.path("none-steps").forEach(n -> none.add(n.asInt()));
        return new Expectation(e.get("resource").asText(), e.hasNonNull("rule") ? e.get("rule").asText() : null,
                e.hasNonNull("step") ? e.get("step").asInt() : null, e.path("tolerance").asInt(DEFAULT_TOLERANCE),
                List.copyOf(none), e.path("target-dies").asBoolean(false));
    }

    /** From YAML text: an {@code expect:} block, or a document holding one (a scenario file). */
    public static Expectation parse(String yaml) {
        return of(new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(new org.yaml.snakeyaml.Yaml().load(yaml)));
    }

    /** "heap @3". */
    public String describe() {
        return resource + (step == null ? "" : " @" + step);
    }
}
