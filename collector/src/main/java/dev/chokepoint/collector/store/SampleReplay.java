package dev.chokepoint.collector.store;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Replays {@code samples.gz} into the series, up to its last good record. Reads both formats:
 * framed records with checksums ({@link SampleFrame}, format 2) and the bare records of runs
 * recorded before (format 1). A record is applied only once it was read whole and found sound, so
 * a torn or damaged tail changes nothing before it; where the file stops being data, the replay
 * says so ({@link RecordingEnd}) instead of guessing: Prometheus's write-ahead log reads a torn
 * segment the same way. Each record's changes are applied to the current values, then every series
 * present in that target's scrape gets a sample; primitive arrays indexed by series id keep this at
 * a few nanoseconds per sample (an hour of 20 targets is 36 M samples).
 */
final class SampleReplay {

    /** A record this far from the run's start is damage that happened to decode (format 1 has no checksum). */
    private static final long MAX_SKEW_MILLIS = 30L * 24 * 3600 * 1000;

    private static final String KILLED = " (the collector stopped without finishing the run: killed, or its machine lost)";

    private final List<SeriesBuilder> builders;
    private final TargetTimeline[] timelines;
    private final long eventLines;
    private final RunMetadata metadata;
    private final double[] current;
    private final boolean[] present;
    private final PresentSet[] presentByTarget;
    private final PendingRows[] pendingByTarget;
    private final ScrapeRecord record = new ScrapeRecord();
    /** Series whose values the analysis reads; the others' values are not kept (their ids still count). */
    private final boolean[] kept;
    private long time;

    /** The outcome: the last record's time (0 when none) and where the recording ends, null when it is whole. */
    record Result(long lastMillis, RecordingEnd end) {
    }

    SampleReplay(List<SeriesBuilder> builders, boolean[] kept, TargetTimeline[] timelines, long eventLines,
                 RunMetadata metadata) {
        this.builders = builders;
        this.kept = kept;
        this.timelines = timelines;
        this.eventLines = eventLines;
        this.metadata = metadata;
        this.current = new double[builders.size()];
        this.present = new boolean[builders.size()];
        this.presentByTarget = new PresentSet[timelines.length];
        Arrays.setAll(presentByTarget, i -> new PresentSet());
        this.pendingByTarget = new PendingRows[timelines.length];
        Arrays.setAll(pendingByTarget, i -> new PendingRows(builders));
    }

    Result read(Path file) throws IOException {
        Result result = replay(file);
        for (PendingRows rows : pendingByTarget) {
            rows.flush();
        }
        return result;
    }

    private Result replay(Path file) throws IOException {
        if (!Files.exists(file) || Files.size(file) == 0) {
            // A run that ended with nothing recorded (no target answered) is whole; a killed one is cut at its start.
            return new Result(0, metadata.endMillis() != null ? null
                    : new RecordingEnd(metadata.startMillis(), RunFiles.SAMPLES + " is empty" + KILLED, 0));
        }
        long size = Files.size(file);
        try (PositionedGzip gz = PositionedGzip.open(file)) {
            if (gz == null) {
                return cut(size, 0, damaged("not a gzip file"));
            }
            byte[] head = new byte[SampleFrame.MAGIC.length];
            int n;
            try {
                n = gz.readNBytes(head, 0, head.length);
            } catch (EOFException e) {
                return cut(size, 0, shortened());
            } catch (ZipException e) {
                return cut(size, 0, damaged(e.getMessage()));
            }
            if (n == head.length && SampleFrame.isMagic(head)) {
                return framed(gz, size);
            }
            return unframed(gz, new SequenceInputStream(new ByteArrayInputStream(head, 0, n), gz), size);
        }
    }

    /** Format 2: each frame read whole and its checksum verified before its record is applied. */
    private Result framed(PositionedGzip gz, long size) throws IOException {
        long good = gz.position();
        // One buffer for every frame: a record is applied before the next is read.
        byte[] payload = new byte[1 << 16];
        byte[] crc = new byte[4];
        while (true) {
            int length;
            try {
                int first = gz.read();
                if (first < 0) {
                    return new Result(time, null); // the gzip trailer came and matched: the run ended whole
                }
                long declared = SampleCodec.readVarLong(first, gz);
                if (declared <= 0 || declared > SampleFrame.MAX_PAYLOAD) {
                    return cut(size, good, damaged("a record of impossible length " + declared));
                }
                length = (int) declared;
                if (length > payload.length) {
                    payload = new byte[length];
                }
                if (gz.readNBytes(payload, 0, length) < length || gz.readNBytes(crc, 0, 4) < 4) {
                    return cut(size, good, shortened());
                }
                if (!SampleFrame.intact(payload, length, (crc[0] & 0xFF) << 24 | (crc[1] & 0xFF) << 16
                        | (crc[2] & 0xFF) << 8 | crc[3] & 0xFF)) {
                    return cut(size, good, damaged("a record fails its checksum"));
                }
            } catch (EOFException e) {
                return cut(size, good, shortened());
            } catch (ZipException e) {
                return cut(size, good, damaged(e.getMessage()));
            }
            String problem = applyFramed(payload, length);
            if (problem != null) {
                return cut(size, good, problem);
            }
            good = gz.position();
        }
    }

    /** The frame's record applied, or why it cannot be (the side files end before it, or it is impossible). */
    private String applyFramed(byte[] payload, int length) {
        try {
            RecordInput in = RecordInput.of(payload, length);
            int type = in.readUnsignedByte();
            if (type != SampleCodec.SCRAPE_RECORD) {
                return damaged("a record of unknown type " + type);
            }
            long seriesLines = in.readVarLong();
            long events = in.readVarLong();
            if (seriesLines > builders.size()) {
                return RunFiles.SERIES + " ends before " + RunFiles.SAMPLES + " does (it holds " + builders.size()
                        + " series, the next record follows " + seriesLines + ")";
            }
            if (events > eventLines) {
                return RunFiles.EVENTS + " ends before " + RunFiles.SAMPLES + " does (it holds " + eventLines
                        + " events, the next record follows " + events + ")";
            }
            record.read(in, time, builders.size());
        } catch (IOException e) {
            return damaged("an unreadable record: " + e.getMessage());
        }
        return apply();
    }

    /** Format 1: no checksums; a record is dropped when the stream ends or breaks inside it, or it cannot be. */
    private Result unframed(PositionedGzip gz, InputStream stream, long size) throws IOException {
        // A small buffer: the position said for the last good record is read ahead by at most this much.
        DataInputStream data = new DataInputStream(new BufferedInputStream(stream, 8192));
        RecordInput in = RecordInput.of(data);
        long good = 0;
        while (true) {
            try {
                int type = data.read();
                if (type < 0) {
                    return new Result(time, null);
                }
                if (type != SampleCodec.SCRAPE_RECORD) {
                    return cut(size, good, damaged("a record of unknown type " + type));
                }
                record.read(in, time, builders.size());
            } catch (EOFException e) {
                return cut(size, good, shortened());
            } catch (ZipException e) {
                return cut(size, good, damaged(e.getMessage()));
            } catch (IOException e) {
                return cut(size, good, damaged("an unreadable record: " + e.getMessage()));
            }
            String problem = apply();
            if (problem != null) {
                return cut(size, good, problem);
            }
            good = gz.position();
        }
    }

    /** Applies the sound record just read; else says why it is not (nothing is applied then). */
    private String apply() {
        if (record.target() < 0 || record.target() >= timelines.length) {
            return damaged("a record of target " + record.target() + ", of " + timelines.length);
        }
        if (Math.abs(record.timeMillis() - metadata.startMillis()) > MAX_SKEW_MILLIS) {
            return damaged("a record stamped " + java.time.Instant.ofEpochMilli(record.timeMillis()));
        }
        int entries = record.entries();
        for (int i = 0; i < entries; i++) {
            int id = record.id(i);
            if (id < 0 || id >= builders.size()) {
                return RunFiles.SERIES + " ends before " + RunFiles.SAMPLES + " does (it lacks series " + id + ")";
            }
        }
        time = record.timeMillis();
        PresentSet targetPresent = presentByTarget[record.target()];
        for (int i = 0; i < entries; i++) {
            int id = record.id(i);
            boolean nowPresent = !record.absent(i);
            if (nowPresent) {
                current[id] = record.value(i);
            }
            if (present[id] != nowPresent) {
                present[id] = nowPresent;
                targetPresent.changed();
            }
        }
        int position = timelines[record.target()].add(time);
        pendingByTarget[record.target()].add(position, targetPresent.ids(present, kept, record), current);
        return null;
    }

    private Result cut(long size, long goodPosition, String reason) {
        long start = metadata.startMillis();
        return new Result(time, new RecordingEnd(time == 0 ? start : time, reason, Math.max(0, size - goodPosition)));
    }

    private String shortened() {
        return RunFiles.SAMPLES + " is cut short" + (metadata.endMillis() == null ? KILLED
                : " (a copy cut short, a full disk or a lost machine)");
    }

    private static String damaged(String what) {
        return RunFiles.SAMPLES + " is damaged (" + what + ")";
    }

    /** gzip that says how far into the compressed file it has read, so the report can say how much was lost. */
    private static final class PositionedGzip extends GZIPInputStream {

        /** Java's GZIPOutputStream writes a 10-byte header. */
        private static final int HEADER = 10;

        private PositionedGzip(InputStream in) throws IOException {
            super(in, 1 << 16);
        }

        /** Null when the file does not even start as gzip. */
        static PositionedGzip open(Path file) throws IOException {
            InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
            try {
                return new PositionedGzip(raw);
            } catch (ZipException | EOFException notGzip) {
                raw.close();
                return null;
            }
        }

        long position() {
            return HEADER + inf.getBytesRead();
        }
    }

    /**
     * The kept series present in a target's latest scrape. Rebuilt only when membership changes (a
     * new series, a missing one), which is rare: most records only carry changed values.
     */
    private static final class PresentSet {
        private int[] ids = new int[0];
        private boolean stale;
        private final java.util.TreeSet<Integer> members = new java.util.TreeSet<>();

        void changed() {
            stale = true;
        }

        int[] ids(boolean[] present, boolean[] kept, ScrapeRecord record) {
            if (stale) {
                for (int i = 0; i < record.entries(); i++) {
                    int id = record.id(i);
                    if (present[id] && kept[id]) {
                        members.add(id);
                    } else {
                        members.remove(id);
                    }
                }
                ids = members.stream().mapToInt(Integer::intValue).toArray();
                stale = false;
            }
            return ids;
        }
    }
}
