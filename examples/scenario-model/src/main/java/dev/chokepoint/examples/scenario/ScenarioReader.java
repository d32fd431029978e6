package dev.chokepoint.examples.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads scenario files strictly: unknown keys, a missing number or a wrong type are errors with
 * the file and line, and a parsed file is then validated as a whole.
 */
public final class ScenarioReader {

    private static final ObjectMapper YAML = YAMLMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .build();

    private final ScenarioValidator validator;

    /** @param loadDirectory where request bodies named by {@code load.body} live ({@code examples/load}) */
    public ScenarioReader(Path loadDirectory) {
        this.validator = new ScenarioValidator(loadDirectory);
    }

    public Scenario read(Path file) {
        Scenario scenario;
        try {
            scenario = YAML.readValue(file.toFile(), Scenario.class);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String line = at == null ? "" : "line " + at.getLineNr() + ": ";
            throw new ScenarioException(file.toString(), List.of(line + e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ScenarioException(file.toString(), List.of("cannot read: " + e.getMessage()));
        }
        if (scenario == null) {
            throw new ScenarioException(file.toString(), List.of("the file is empty"));
        }
        List<String> problems = validator.problems(scenario, fileStem(file));
        if (!problems.isEmpty()) {
            throw new ScenarioException(file.toString(), problems);
        }
        return scenario;
    }

    /** All {@code *.yaml} in a directory, sorted by name. */
    public List<Scenario> readAll(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().map(this::read).toList();
        }
    }

    static String fileStem(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }
}
