package dev.chokepoint.collector.store;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * {@code run.json}: what was recorded and how it ended. Written when recording starts (end, exit
 * status still null) and rewritten when it stops, so a killed collector leaves a readable file.
 * {@code stepsOption}/{@code stepsFile} remember where the steps come from ({@code --steps-file},
 * {@code --k6-json}, {@code --jtl}; {@code --steps} in runs recorded before the rename) so
 * {@code chokepoint analyze} can reuse them.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunMetadata(int schema, List<String> targets, long startMillis, Long endMillis, long intervalMillis,
                          List<String> command, Integer exitStatus, boolean interrupted, String stepsOption,
                          String stepsFile) {

    public static final int SCHEMA = 1;

    public static RunMetadata started(List<String> targets, long startMillis, long intervalMillis,
                                      List<String> command, String stepsOption, String stepsFile) {
        return new RunMetadata(SCHEMA, List.copyOf(targets), startMillis, null, intervalMillis, List.copyOf(command),
                null, false, stepsOption, stepsFile);
    }

    public RunMetadata ended(long end, Integer exit, boolean wasInterrupted) {
        return new RunMetadata(schema, targets, startMillis, end, intervalMillis, command, exit, wasInterrupted,
                stepsOption, stepsFile);
    }
}
