package dev.chokepoint.collector.steps;

import java.nio.file.Path;

/** A steps file that cannot be read as such; the message names {@code file:line} and the fix. */
public class StepsException extends Exception {

    public StepsException(Path file, long line, String message) {
        super(file + (line > 0 ? ":" + line : "") + ": " + message);
    }
}
