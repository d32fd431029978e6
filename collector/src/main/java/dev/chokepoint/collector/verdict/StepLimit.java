package dev.chokepoint.collector.verdict;

import java.util.List;

/**
 * Whether a step was limited, judged from the symptom before any rule: the service did not keep up
 * with the offered load, requests piled up, latency or errors grew against the lowest step, or
 * the target stopped answering ({@code stoppedMillis}, null when it answered to the end).
 */
public record StepLimit(List<Symptom> symptoms, Long stoppedMillis) {

    public static final StepLimit NONE = new StepLimit(List.of(), null);

    public boolean limited() {
        return !symptoms.isEmpty();
    }
}
