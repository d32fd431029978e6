package dev.chokepoint.collector.steps;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Set;

/**
 * k6's {@code --out json=FILE} output: one JSON object per line, {@code {"type":"Metric",…}}
 * declarations and {@code {"type":"Point","metric":"http_reqs","data":{"time":…,"value":…,
 * "tags":{…}}}} samples. Requests are the {@code http_reqs} points, latency the
 * {@code http_req_duration} points (milliseconds), failures the {@code http_req_failed} points
 * (1 = failed). A {@code step} (or else {@code stage}) tag names the step. An arrival-rate
 * executor's {@code dropped_iterations} (iterations it had no free VU for), {@code iterations} and
 * {@code vus_max} say what it could not send and with how many VUs, so that a short-handed k6 is
 * judged as the load generator, not as the service's limit.
 */
final class K6JsonLog implements RequestLog {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> READ = Set.of("http_reqs", "http_req_duration", "http_req_failed",
            "dropped_iterations", "iterations", "vus_max");

    private final Path file;

    K6JsonLog(Path file) {
        this.file = file;
    }

    @Override
    public void replay(RequestObserver observer) throws IOException, StepsException {
        long requests = 0;
        long number = 0;
        String firstLine = null;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = reader.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                if (firstLine == null) {
                    firstLine = line;
                    if (!line.trim().startsWith("{")) {
                        throw notK6(number, "not a JSON line: " + excerpt(line) + otherTool(line));
                    }
                    if (line.strip().equals("{")) {
                        throw notK6(number, "not a JSON line: the file is one JSON document over many lines, "
                                + "like k6's end-of-test summary (--summary-export or handleSummary), which has "
                                + "no per-request points");
                    }
                }
                if (!line.contains("\"http_req") && !line.contains("\"dropped_iterations\"")
                        && !line.contains("\"iterations\"") && !line.contains("\"vus_max\"")) {
                    // Other metrics (vus, data_sent, checks, …) are most of the file; skip them unparsed.
                    continue;
                }
                JsonNode node;
                try {
                    node = JSON.readTree(line);
                } catch (JsonProcessingException e) {
                    throw notK6(number, "not a JSON line (" + e.getOriginalMessage() + "): " + excerpt(line));
                }
                if (!"Point".equals(node.path("type").asText())) {
                    continue;
                }
                String metric = node.path("metric").asText();
                if (!READ.contains(metric)) {
                    continue;
                }
                JsonNode data = node.path("data");
                long time = time(data.path("time"), number);
                JsonNode valueNode = data.path("value");
                if (!valueNode.isNumber()) {
                    throw new StepsException(file, number, "Point of " + metric + " without a numeric data.value");
                }
                String tag = stepTag(data.path("tags"));
                switch (metric) {
                    case "http_reqs" -> {
                        requests++;
                        observer.request(time, tag);
                    }
                    case "http_req_duration" -> observer.latency(time, tag, valueNode.asDouble() / 1000.0);
                    case "http_req_failed" -> observer.outcome(time, tag, valueNode.asDouble() != 0);
                    case "dropped_iterations" -> observer.dropped(time, valueNode.asDouble());
                    case "iterations" -> observer.iteration(time);
                    default -> observer.workers(time, valueNode.asInt());
                }
            }
        }
        if (requests == 0) {
            throw new StepsException(file, 0, firstLine == null
                    ? "empty file; expected k6's JSON lines with http_reqs points; write it with `k6 run --out json="
                            + file + " script.js` (k6 writes it as the test runs: did it start?)"
                    : "no http_reqs points in its " + number + " lines (first line " + excerpt(firstLine) + "); "
                            + "expected k6's JSON lines with {\"type\":\"Point\",\"metric\":\"http_reqs\",…}; "
                            + "write it with `k6 run --out json=" + file + " script.js` from a script that makes "
                            + "HTTP requests");
        }
    }

    private long time(JsonNode node, long number) throws StepsException {
        try {
            return OffsetDateTime.parse(node.asText()).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new StepsException(file, number, "data.time '" + node.asText()
                    + "' is not an RFC 3339 time such as 2025-11-29T21:00:00.123456789Z");
        }
    }

    private static String stepTag(JsonNode tags) {
        JsonNode step = tags.get("step");
        if (step == null || step.asText().isEmpty()) {
            step = tags.get("stage");
        }
        return step == null || step.asText().isEmpty() ? null : step.asText();
    }

    private StepsException notK6(long number, String what) {
        return new StepsException(file, number, what + "; --k6-json expects k6's JSON lines, one "
                + "{\"type\":\"Point\",…} object a line, the file of `k6 run --out json=FILE`");
    }

    /** The tool whose file this first line looks like, said so the user picks the right option. */
    private static String otherTool(String line) {
        String stripped = line.strip();
        if (stripped.startsWith("metric_name,")) {
            return " (k6's CSV output, --out csv)";
        }
        if (stripped.startsWith("timeStamp,") || stripped.matches("\\d{12,},\\d+,.*")) {
            return " (a JMeter JTL: read it with --jtl)";
        }
        if (stripped.startsWith("step,") || stripped.startsWith("response-time,")) {
            return " (a step schedule or hey CSV: read it with --steps-file)";
        }
        return "";
    }

    private static String excerpt(String line) {
        return CsvFormat.excerpt(line);
    }
}
