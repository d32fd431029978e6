package dev.chokepoint.collector.drive;

import java.nio.file.Path;

/** A requests file that cannot be used: the message names the file, the line (when known) and the fix. */
public final class RequestsFileException extends Exception {

    public RequestsFileException(Path file, int line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
    }
}
