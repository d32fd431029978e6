package dev.chokepoint.collector.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code prometheus.json} in a run folder made with {@code run --prometheus}: the window and where
 * it was read from, so {@code analyze --prometheus} can read the same window again (the samples
 * stay in Prometheus, not in the folder). Written before the load starts, rewritten when it ends.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record PrometheusWindow(String prometheus, String selector, long startMillis, Long endMillis, List<String> command,
                        String stepsOption, String stepsFile) {

    static final String FILE = "prometheus.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    void write(Path runDir) throws IOException {
        Files.createDirectories(runDir);
        JSON.writeValue(runDir.resolve(FILE).toFile(), this);
    }

    static PrometheusWindow read(Path runDir) throws IOException {
        Path file = runDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + " does not exist: `analyze --prometheus` reads the window of a run folder "
                    + "written by `run --prometheus`");
        }
        return JSON.readValue(file.toFile(), PrometheusWindow.class);
    }

    PrometheusWindow ended(long end) {
        return new PrometheusWindow(prometheus, selector, startMillis, end, command, stepsOption, stepsFile);
    }
}
