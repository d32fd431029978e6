package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;

import java.util.List;

/**
 * Which resource the low steps predicted would limit, at what rate, and whether the run agreed:
 * {@code actual} is the first saturated resource of the lowest step that had one (null, and
 * {@code matched} null, when nothing saturated). {@code caveat}: why the bound is not a prediction
 * of this run's conditions (null when it is).
 */
public record Prediction(Resource resource, double boundRps, List<Integer> fromSteps, Resource actual,
                         Integer actualStep, Boolean matched, String caveat) {
}
