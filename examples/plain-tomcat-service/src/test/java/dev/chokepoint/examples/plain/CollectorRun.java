package dev.chokepoint.examples.plain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** One {@code chokepoint} command in a JVM of its own, and what it left in its {@code --out} folder. */
record CollectorRun(int exit, String output) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Runs {@code java -jar chokepoint.jar ARGS} with {@code env} added; its output goes to a log in {@code work}. */
    static CollectorRun of(Path work, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(ServiceUnderAgent.java(), "-jar",
                ServiceUnderAgent.jar("collector.jar").toString()));
        command.addAll(List.of(args));
        Path log = Files.createTempFile(work, "collector", ".log");
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("collector did not end in 3 min:\n" + Files.readString(log));
        }
        return new CollectorRun(p.exitValue(), Files.readString(log));
    }

    static JsonNode report(Path out) throws IOException {
        return JSON.readTree(out.resolve("report.json").toFile());
    }

    /** start and end of each step as the engine wrote them in steps.csv. */
    static List<long[]> schedule(Path out) throws IOException {
        List<String> lines = Files.readAllLines(out.resolve("steps.csv"));
        List<long[]> steps = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            steps.add(new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
        }
        return steps;
    }
}
