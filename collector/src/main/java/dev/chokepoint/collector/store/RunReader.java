package dev.chokepoint.collector.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads a run folder back into {@link RunData}. Tolerates what a killed collector leaves: a
 * samples stream cut in the middle of a record or without its gzip trailer, a dictionary or event
 * line cut short, a run.json without an end.
 */
public final class RunReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RunReader() {
    }

    public static RunMetadata readMetadata(Path dir) throws IOException {
        Path file = RunFiles.metadata(dir);
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString(), null,
                    "not a chokepoint run folder (no " + RunFiles.METADATA + "); give the --out folder of a run");
        }
        return JSON.readValue(file.toFile(), RunMetadata.class);
    }

    public static RunData read(Path dir) throws IOException {
        RunMetadata metadata = readMetadata(dir);
        List<String> targets = metadata.targets();
        Map<Integer, SeriesBuilder> builders = new HashMap<>();
        Map<Integer, Integer> targetOfSeries = new HashMap<>();
        for (JsonNode line : jsonLines(RunFiles.series(dir))) {
            int id = line.get("id").asInt();
            int target = line.get("target").asInt();
            Map<String, String> labels = JSON.convertValue(line.get("labels"), new TypeReference<>() { });
            builders.put(id, new SeriesBuilder(SeriesKey.of(targets.get(target), line.get("name").asText(),
                    new TreeMap<>(labels))));
            targetOfSeries.put(id, target);
        }
        TargetTimeline[] timelines = new TargetTimeline[targets.size()];
        Arrays.setAll(timelines, i -> new TargetTimeline());
        long lastTime = readSamples(RunFiles.samples(dir), builders, timelines);

        List<Series> series = new ArrayList<>(builders.size());
        builders.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            TargetTimeline timeline = timelines[targetOfSeries.get(e.getKey())];
            series.add(e.getValue().build(timeline.times(), timeline.count));
        });
        List<ScrapeEvent> events = new ArrayList<>();
        for (JsonNode line : jsonLines(RunFiles.events(dir))) {
            events.add(JSON.treeToValue(line, ScrapeEvent.class));
        }
        long end = metadata.endMillis() != null ? metadata.endMillis() : Math.max(lastTime, metadata.startMillis());
        return new RunData(metadata.startMillis(), end, targets, series, events);
    }

    /** Returns the time of the last complete record. */
    private static long readSamples(Path file, Map<Integer, SeriesBuilder> builders, TargetTimeline[] timelines)
            throws IOException {
        long time = 0;
        if (!Files.exists(file) || Files.size(file) == 0) {
            return time;
        }
        Map<Integer, Map<Integer, Double>> presentByTarget = new HashMap<>();
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
             DataInputStream in = new DataInputStream(new GZIPInputStream(raw, 1 << 16))) {
            while (true) {
                int type;
                try {
                    type = in.read();
                } catch (EOFException | ZipException cut) {
                    break;
                }
                if (type < 0) {
                    break;
                }
                if (type != SampleCodec.SCRAPE_RECORD) {
                    throw new IOException(file + ": unknown record type " + type + "; file damaged");
                }
                ScrapeRecord record;
                try {
                    record = ScrapeRecord.read(in, time);
                } catch (EOFException | ZipException cut) {
                    break; // the collector was killed while writing this record: it is dropped
                }
                time = record.timeMillis();
                Map<Integer, Double> present = presentByTarget.computeIfAbsent(record.target(), t -> new HashMap<>());
                record.applyTo(present);
                TargetTimeline timeline = timelines[record.target()];
                int position = timeline.add(time);
                for (Map.Entry<Integer, Double> entry : present.entrySet()) {
                    SeriesBuilder builder = builders.get(entry.getKey());
                    if (builder != null) {
                        builder.add(position, entry.getValue());
                    }
                }
            }
        }
        return time;
    }

    /** JSON lines of a file; a last line cut short by a kill is skipped, a bad line elsewhere is an error. */
    private static List<JsonNode> jsonLines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return List.of();
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<JsonNode> nodes = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                nodes.add(JSON.readTree(lines.get(i)));
            } catch (JsonProcessingException e) {
                if (i == lines.size() - 1) {
                    break;
                }
                throw new IOException(file + ":" + (i + 1) + ": damaged line (" + e.getOriginalMessage() + ")", e);
            }
        }
        return nodes;
    }

    /** The scrape times of one target, in order; series positions index into it. */
    private static final class TargetTimeline {
        private long[] times = new long[64];
        private int count;

        int add(long time) {
            if (count == times.length) {
                times = Arrays.copyOf(times, count * 2);
            }
            times[count] = time;
            return count++;
        }

        long[] times() {
            return count == times.length ? times : (times = Arrays.copyOf(times, count));
        }
    }
}
