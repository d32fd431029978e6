package dev.chokepoint.collector.store;

/**
 * Where a recording that did not end whole stops being readable, and why: the collector was
 * killed or lost its machine, a copy was cut short, the disk filled, a file was damaged.
 * {@code atMillis}: the time of the last record read (the run's start when none was);
 * {@code reason}: what the reader found, naming the file ("samples.gz is cut short in a record");
 * {@code unreadableBytes}: how much of the samples file lies after the last record read and could
 * not be read (0 when the file simply stops). Everything before it is data; nothing after it is.
 */
public record RecordingEnd(long atMillis, String reason, long unreadableBytes) {

    /** The reason, with what could not be read: "samples.gz is damaged (…); 48 KB after it could not be read". */
    public String why() {
        return reason + (unreadableBytes >= 1024 ? "; " + kilobytes(unreadableBytes) + " after it could not be read" : "");
    }

    private static String kilobytes(long bytes) {
        return bytes >= 10 << 20 ? bytes / (1 << 20) + " MB" : (bytes + 512) / 1024 + " KB";
    }
}
