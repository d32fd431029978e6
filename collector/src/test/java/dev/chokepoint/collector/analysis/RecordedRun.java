package dev.chokepoint.collector.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.steps.StepSource;
import dev.chokepoint.collector.steps.StepsException;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.RunMetadata;
import dev.chokepoint.collector.signals.SignalCatalog;
import dev.chokepoint.collector.store.RunReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A run folder as {@code chokepoint run --out DIR} leaves it, loaded for a test: the samples, the
 * steps (from the option recorded in run.json, else {@code steps.csv} beside it, else detected),
 * and the expected verdict from {@code expect.yaml} (the scenario file's {@code expect:} block:
 * resource, rule, step ±1, none-steps).
 */
public record RecordedRun(Path dir, RunData run, List<Step> steps, JsonNode expect) {

    public static RecordedRun load(Path dir) throws IOException, StepsException {
        RunData run = RunReader.read(dir, SignalCatalog.maximaRead());
        List<Step> steps = stepSource(dir).steps(run);
        Path expectFile = dir.resolve("expect.yaml");
        JsonNode expect = Files.exists(expectFile)
                ? new ObjectMapper().valueToTree(new org.yaml.snakeyaml.Yaml().load(Files.readString(expectFile)))
                : null;
        if (expect != null && expect.has("expect")) {
            expect = expect.get("expect");
        }
        return new RecordedRun(dir, run, steps, expect);
    }

    private static StepSource stepSource(Path dir) throws IOException {
        RunMetadata meta = RunReader.readMetadata(dir);
        if (meta.stepsFile() != null) {
            return StepSource.recordedWith(dir, meta.stepsOption(), meta.stepsFile());
        }
        Path schedule = dir.resolve("steps.csv");
        return Files.exists(schedule) ? new StepSource(StepSource.Kind.SCHEDULE, schedule) : StepSource.detected();
    }
}
