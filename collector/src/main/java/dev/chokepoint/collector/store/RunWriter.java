package dev.chokepoint.collector.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a run folder as samples arrive (see {@link RunFiles}). Each {@link #flush()} pushes the
 * dictionary, the events and a gzip sync-flush of the samples to the file system, so what was
 * scraped survives the collector being killed. Called from the recorder's single scrape thread;
 * synchronized so that stopping from another thread is safe.
 */
public final class RunWriter implements Closeable {

    /** Bounds memory and disk whatever the targets expose; beyond it new series are dropped. */
    public static final int MAX_SERIES = 200_000;

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final ObjectMapper JSON_LINE = new ObjectMapper();

    private final Path dir;
    private final Map<SeriesKey, Integer> ids = new HashMap<>();
    private final Map<Integer, Map<Integer, Double>> lastValuesByTarget = new HashMap<>();
    private final Writer seriesOut;
    private final Writer eventsOut;
    private final DataOutputStream samplesOut;
    private long lastRecordTime;
    private boolean closed;

    private RunWriter(Path dir) throws IOException {
        this.dir = dir;
        this.seriesOut = appender(RunFiles.series(dir));
        this.eventsOut = appender(RunFiles.events(dir));
        OutputStream file = Files.newOutputStream(RunFiles.samples(dir), StandardOpenOption.CREATE_NEW);
        this.samplesOut = new DataOutputStream(new GZIPOutputStream(new BufferedOutputStream(file, 1 << 16),
                1 << 16, true));
    }

    /** Starts a run folder; refuses one that already holds samples, so no recording is overwritten. */
    public static RunWriter create(Path dir, RunMetadata metadata) throws IOException {
        Files.createDirectories(dir);
        if (Files.exists(RunFiles.samples(dir))) {
            throw new IOException(dir + " already holds a recorded run (" + RunFiles.SAMPLES
                    + "); choose another --out folder or delete it");
        }
        writeMetadata(dir, metadata);
        return new RunWriter(dir);
    }

    private static Writer appender(Path file) throws IOException {
        return new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND));
    }

    /** Writes run.json through a temporary file so a crash never leaves half of it. */
    public static void writeMetadata(Path dir, RunMetadata metadata) throws IOException {
        Path tmp = dir.resolve(RunFiles.METADATA + ".tmp");
        JSON.writeValue(tmp.toFile(), metadata);
        Files.move(tmp, RunFiles.metadata(dir), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The id of a series, appending it to the dictionary on first sight; -1 once {@link #MAX_SERIES} is reached. */
    public synchronized int seriesId(SeriesKey key, int targetIndex) throws IOException {
        Integer id = ids.get(key);
        if (id != null) {
            return id;
        }
        if (ids.size() >= MAX_SERIES) {
            return -1;
        }
        int newId = ids.size();
        ids.put(key, newId);
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("id", newId);
        line.put("target", targetIndex);
        line.put("name", key.name());
        line.put("labels", key.labels());
        seriesOut.write(JSON_LINE.writeValueAsString(line));
        seriesOut.write('\n');
        return newId;
    }

    /**
     * Records one successful scrape of a target: {@code ids[i]} had {@code values[i]}. Series of
     * the previous scrape missing now are recorded as absent; unchanged values are elided.
     */
    public synchronized void writeScrape(int targetIndex, long timeMillis, int[] seriesIds, double[] values)
            throws IOException {
        Map<Integer, Double> previous = lastValuesByTarget.getOrDefault(targetIndex, Map.of());
        Map<Integer, Double> current = new HashMap<>(seriesIds.length * 2);
        List<long[]> entries = new ArrayList<>();
        for (int i = 0; i < seriesIds.length; i++) {
            current.put(seriesIds[i], values[i]);
            Double before = previous.get(seriesIds[i]);
            if (before == null || Double.doubleToLongBits(before) != Double.doubleToLongBits(values[i])) {
                entries.add(new long[] {seriesIds[i], Double.doubleToRawLongBits(values[i]), 0});
            }
        }
        for (Integer id : previous.keySet()) {
            if (!current.containsKey(id)) {
                entries.add(new long[] {id, 0, 1});
            }
        }
        entries.sort((a, b) -> Long.compare(a[0], b[0]));
        lastValuesByTarget.put(targetIndex, current);

        samplesOut.writeByte(SampleCodec.SCRAPE_RECORD);
        SampleCodec.writeVarLong(samplesOut, targetIndex);
        SampleCodec.writeVarLong(samplesOut, SampleCodec.zigzag(timeMillis - lastRecordTime));
        lastRecordTime = timeMillis;
        SampleCodec.writeVarLong(samplesOut, entries.size());
        long previousId = 0;
        for (long[] entry : entries) {
            long delta = entry[0] - previousId;
            previousId = entry[0];
            if (entry[2] == 1) {
                SampleCodec.writeVarLong(samplesOut, delta << 2 | SampleCodec.KIND_ABSENT);
                continue;
            }
            double value = Double.longBitsToDouble(entry[1]);
            if (SampleCodec.isIntegral(value)) {
                SampleCodec.writeVarLong(samplesOut, delta << 2 | SampleCodec.KIND_INTEGRAL);
                SampleCodec.writeVarLong(samplesOut, SampleCodec.zigzag((long) value));
            } else {
                SampleCodec.writeVarLong(samplesOut, delta << 2 | SampleCodec.KIND_DOUBLE);
                samplesOut.writeDouble(value);
            }
        }
    }

    public synchronized void writeEvent(ScrapeEvent event) throws IOException {
        eventsOut.write(JSON_LINE.writeValueAsString(event));
        eventsOut.write('\n');
    }

    /** Dictionary first: a sample record on disk never names a series the dictionary lacks. */
    public synchronized void flush() throws IOException {
        if (closed) {
            return;
        }
        seriesOut.flush();
        eventsOut.flush();
        samplesOut.flush();
    }

    public synchronized int seriesCount() {
        return ids.size();
    }

    /** Closes the streams (ending the gzip stream properly) and rewrites run.json with how the run ended. */
    public synchronized void finish(RunMetadata metadata) throws IOException {
        close();
        writeMetadata(dir, metadata);
    }

    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        flush();
        closed = true;
        // try-with-resources closes all three even when one of them fails.
        try (seriesOut; eventsOut; samplesOut) {
            samplesOut.flush();
        }
    }
}
