package dev.chokepoint.collector.compare;

/** A run that cannot be compared (missing or unreadable report): the message names the path and the fix. */
public final class CompareException extends Exception {

    public CompareException(String message, Throwable cause) {
        super(message, cause);
    }
}
