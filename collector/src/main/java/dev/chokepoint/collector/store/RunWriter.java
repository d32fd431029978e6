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
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a run folder as samples arrive (see {@link RunFiles}). Each {@link #flush()} pushes the
 * dictionary, the events and a gzip sync-flush of the samples to the file system, so what was
 * scraped survives the collector being killed; each record is framed with a checksum
 * ({@link SampleFrame}) so a reader finds where a torn or damaged file stops being data. Called
 * from the recorder's single scrape thread; synchronized so that stopping from another thread is
 * safe. The first write that fails (a full disk) stops the recording for good: the files keep what
 * reached them, and a retry could only append after a hole.
 */
public final class RunWriter implements Closeable {

    /** Bounds memory and disk whatever the targets expose; beyond it new series are dropped. */
    public static final int MAX_SERIES = 200_000;

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final ObjectMapper JSON_LINE = new ObjectMapper();

    private final Path dir;
    private final Map<SeriesKey, Integer> ids = new HashMap<>();
    /** Per target, the sorted ids of its previous scrape; per series id, its last value. */
    private final Map<Integer, int[]> presentByTarget = new HashMap<>();
    private double[] lastValue = new double[1024];
    private int[] entryIds = new int[1024];
    private double[] entryValues = new double[1024];
    private byte[] entryKinds = new byte[1024];
    private int entryCount;
    private final Writer seriesOut;
    private final Writer eventsOut;
    private final DataOutputStream samplesOut;
    /** The file under gzip: after a failed write it is closed without the gzip trailer, which would land after a hole. */
    private final OutputStream samplesFile;
    private final SampleFrame frame = new SampleFrame();
    private long eventLines;
    private long lastRecordTime;
    private boolean closed;
    private IOException failure;

    private RunWriter(Path dir) throws IOException {
        this.dir = dir;
        this.seriesOut = appender(RunFiles.series(dir));
        this.eventsOut = appender(RunFiles.events(dir));
        this.samplesFile = Files.newOutputStream(RunFiles.samples(dir), StandardOpenOption.CREATE_NEW);
        // Buffered on both sides of gzip: the deflater must not see single bytes; flush() goes through.
        this.samplesOut = new DataOutputStream(new BufferedOutputStream(new GZIPOutputStream(
                new BufferedOutputStream(samplesFile, 1 << 16), 1 << 16, true), 1 << 16));
        samplesOut.write(SampleFrame.MAGIC);
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
        if (ids.size() >= MAX_SERIES || failure != null) {
            return -1;
        }
        int newId = ids.size();
        ids.put(key, newId);
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("id", newId);
        line.put("target", targetIndex);
        line.put("name", key.name());
        line.put("labels", key.labels());
        try {
            seriesOut.write(JSON_LINE.writeValueAsString(line) + '\n');
        } catch (IOException e) {
            throw failed(e);
        }
        return newId;
    }

    /**
     * Records one successful scrape of a target: {@code ids[i]} had {@code values[i]}. Series of
     * the previous scrape missing now are recorded as absent; unchanged values are elided. Works on
     * primitive arrays by series id: this runs for every target every second.
     */
    public synchronized void writeScrape(int targetIndex, long timeMillis, int[] seriesIds, double[] values)
            throws IOException {
        if (failure != null) {
            return;
        }
        long[] order = new long[seriesIds.length];
        for (int i = 0; i < seriesIds.length; i++) {
            order[i] = (long) seriesIds[i] << 32 | i;
            ensureCapacity(seriesIds[i]);
        }
        Arrays.sort(order);
        int[] previous = presentByTarget.getOrDefault(targetIndex, new int[0]);
        int[] present = new int[order.length];
        int presentCount = 0;
        entryCount = 0;
        int p = 0;
        for (int k = 0; k < order.length; k++) {
            int id = (int) (order[k] >>> 32);
            if (k + 1 < order.length && (int) (order[k + 1] >>> 32) == id) {
                continue; // the same series twice in one scrape: the last one counts
            }
            double value = values[(int) order[k]];
            while (p < previous.length && previous[p] < id) {
                addEntry(previous[p++], 0, SampleCodec.KIND_ABSENT);
            }
            boolean wasPresent = p < previous.length && previous[p] == id;
            if (wasPresent) {
                p++;
            }
            if (!wasPresent || Double.doubleToLongBits(lastValue[id]) != Double.doubleToLongBits(value)) {
                int kind = SampleCodec.isIntegral(value) ? SampleCodec.KIND_INTEGRAL : SampleCodec.KIND_DOUBLE;
                addEntry(id, value, kind);
            }
            lastValue[id] = value;
            present[presentCount++] = id;
        }
        while (p < previous.length) {
            addEntry(previous[p++], 0, SampleCodec.KIND_ABSENT);
        }
        presentByTarget.put(targetIndex, Arrays.copyOf(present, presentCount));

        DataOutputStream body = frame.body();
        body.writeByte(SampleCodec.SCRAPE_RECORD);
        SampleCodec.writeVarLong(body, ids.size());
        SampleCodec.writeVarLong(body, eventLines);
        SampleCodec.writeVarLong(body, targetIndex);
        SampleCodec.writeVarLong(body, SampleCodec.zigzag(timeMillis - lastRecordTime));
        lastRecordTime = timeMillis;
        SampleCodec.writeVarLong(body, entryCount);
        long previousId = 0;
        for (int e = 0; e < entryCount; e++) {
            long delta = entryIds[e] - previousId;
            previousId = entryIds[e];
            SampleCodec.writeVarLong(body, delta << 2 | entryKinds[e]);
            if (entryKinds[e] == SampleCodec.KIND_INTEGRAL) {
                SampleCodec.writeVarLong(body, SampleCodec.zigzag((long) entryValues[e]));
            } else if (entryKinds[e] == SampleCodec.KIND_DOUBLE) {
                body.writeDouble(entryValues[e]);
            }
        }
        try {
            frame.writeTo(samplesOut);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private void addEntry(int id, double value, int kind) {
        if (entryCount == entryIds.length) {
            entryIds = Arrays.copyOf(entryIds, entryCount * 2);
            entryValues = Arrays.copyOf(entryValues, entryCount * 2);
            entryKinds = Arrays.copyOf(entryKinds, entryCount * 2);
        }
        entryIds[entryCount] = id;
        entryValues[entryCount] = value;
        entryKinds[entryCount++] = (byte) kind;
    }

    private void ensureCapacity(int id) {
        if (id >= lastValue.length) {
            lastValue = Arrays.copyOf(lastValue, Math.max(id + 1, lastValue.length * 2));
        }
    }

    public synchronized void writeEvent(ScrapeEvent event) throws IOException {
        if (failure != null) {
            return;
        }
        try {
            eventsOut.write(JSON_LINE.writeValueAsString(event) + '\n');
        } catch (IOException e) {
            throw failed(e);
        }
        eventLines++;
    }

    /** Dictionary first: a sample record on disk never names a series the dictionary lacks. */
    public synchronized void flush() throws IOException {
        if (closed || failure != null) {
            return;
        }
        try {
            seriesOut.flush();
            eventsOut.flush();
            samplesOut.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /**
     * Stops the recording at the first failed write: closes the files as they are (no gzip trailer
     * after a hole) and says, once, in the exception the caller prints, what happened and that
     * what was written before stays readable.
     */
    private IOException failed(IOException cause) {
        failure = cause;
        closed = true;
        for (Closeable c : new Closeable[] {samplesFile, seriesOut, eventsOut}) {
            try {
                c.close();
            } catch (IOException alsoFull) {
                // the buffered tail cannot reach the disk either; what did stays readable
            }
        }
        return new IOException("cannot write to " + dir + " (" + cause.getMessage() + "): recording stopped at "
                + java.time.LocalTime.now().withNano(0) + "; what was recorded before stays readable by `chokepoint "
                + "analyze " + dir + "` (free space, or record into another --out)", cause);
    }

    /** The write that stopped the recording, or null while it records. */
    public synchronized IOException failure() {
        return failure;
    }

    public synchronized int seriesCount() {
        return ids.size();
    }

    /** Closes the streams (ending the gzip stream properly) and rewrites run.json with how the run ended. */
    public synchronized void finish(RunMetadata metadata) throws IOException {
        IOException closing = null;
        try {
            close();
        } catch (IOException e) {
            closing = e;
        }
        try {
            writeMetadata(dir, metadata);
        } catch (IOException e) {
            // After a failure (a disk still full) run.json keeps its start, which is all the reader needs.
            if (closing == null && failure == null) {
                closing = e;
            }
        }
        if (closing != null) {
            throw closing;
        }
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
