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
        List<SeriesBuilder> builders = new ArrayList<>();
        int expectedScrapes = expectedScrapes(metadata);
        List<Integer> targetOfSeries = new ArrayList<>();
        for (JsonNode line : jsonLines(RunFiles.series(dir))) {
            int id = line.get("id").asInt();
            if (id != builders.size()) {
                throw new IOException(RunFiles.series(dir) + ": series id " + id + " out of order; file damaged");
            }
            int target = line.get("target").asInt();
            Map<String, String> labels = JSON.convertValue(line.get("labels"), new TypeReference<>() { });
            builders.add(new SeriesBuilder(SeriesKey.of(targets.get(target), line.get("name").asText(),
                    new TreeMap<>(labels)), expectedScrapes));
            targetOfSeries.add(target);
        }
        TargetTimeline[] timelines = new TargetTimeline[targets.size()];
        Arrays.setAll(timelines, i -> new TargetTimeline());
        long lastTime = readSamples(RunFiles.samples(dir), builders, timelines);

        List<Series> series = new ArrayList<>(builders.size());
        for (int id = 0; id < builders.size(); id++) {
            TargetTimeline timeline = timelines[targetOfSeries.get(id)];
            series.add(builders.get(id).build(timeline.times(), timeline.count));
        }
        List<ScrapeEvent> events = new ArrayList<>();
        for (JsonNode line : jsonLines(RunFiles.events(dir))) {
            events.add(JSON.treeToValue(line, ScrapeEvent.class));
        }
        long end = metadata.endMillis() != null ? metadata.endMillis() : Math.max(lastTime, metadata.startMillis());
        return new RunData(metadata.startMillis(), end, targets, series, events);
    }

    /**
     * Scrapes per target of a run that ended normally, so the value arrays are allocated once at
     * their final size instead of growing (growth would briefly need twice the memory).
     */
    private static int expectedScrapes(RunMetadata metadata) {
        if (metadata.endMillis() == null || metadata.intervalMillis() <= 0) {
            return 16;
        }
        long scrapes = (metadata.endMillis() - metadata.startMillis()) / metadata.intervalMillis() + 2;
        return (int) Math.max(16, Math.min(scrapes, 1 << 22));
    }

    /**
     * Replays the scrape records: each record's changes are applied to the current values, then
     * every series present in that target's scrape gets a sample. Primitive arrays indexed by
     * series id keep this at a few nanoseconds per sample (an hour of 20 targets is 36 M samples).
     * Returns the time of the last complete record.
     */
    private static long readSamples(Path file, List<SeriesBuilder> builders, TargetTimeline[] timelines)
            throws IOException {
        long time = 0;
        if (!Files.exists(file) || Files.size(file) == 0) {
            return time;
        }
        int seriesCount = builders.size();
        double[] current = new double[seriesCount];
        boolean[] present = new boolean[seriesCount];
        PresentSet[] presentByTarget = new PresentSet[timelines.length];
        Arrays.setAll(presentByTarget, i -> new PresentSet());
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
             DataInputStream in = new DataInputStream(new BufferedInputStream(new GZIPInputStream(raw, 1 << 16),
                     1 << 16))) {
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
                PresentSet targetPresent = presentByTarget[record.target()];
                for (int i = 0; i < record.ids().length; i++) {
                    int id = record.ids()[i];
                    if (id >= seriesCount) {
                        continue; // its dictionary line was lost with a kill
                    }
                    boolean nowPresent = !record.absent()[i];
                    if (nowPresent) {
                        current[id] = record.values()[i];
                    }
                    if (present[id] != nowPresent) {
                        present[id] = nowPresent;
                        targetPresent.changed();
                    }
                }
                int position = timelines[record.target()].add(time);
                for (int id : targetPresent.ids(present, record)) {
                    builders.get(id).add(position, current[id]);
                }
            }
        }
        return time;
    }

    /**
     * The series present in a target's latest scrape. Rebuilt only when membership changes (a new
     * series, a missing one), which is rare: most records only carry changed values.
     */
    private static final class PresentSet {
        private int[] ids = new int[0];
        private boolean stale;
        private final java.util.TreeSet<Integer> members = new java.util.TreeSet<>();

        void changed() {
            stale = true;
        }

        int[] ids(boolean[] present, ScrapeRecord record) {
            if (stale) {
                for (int i = 0; i < record.ids().length; i++) {
                    int id = record.ids()[i];
                    if (id < present.length) {
                        if (present[id]) {
                            members.add(id);
                        } else {
                            members.remove(id);
                        }
                    }
                }
                ids = members.stream().mapToInt(Integer::intValue).toArray();
                stale = false;
            }
            return ids;
        }
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
