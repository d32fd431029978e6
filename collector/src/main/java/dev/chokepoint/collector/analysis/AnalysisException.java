package dev.chokepoint.collector.analysis;

/**
 * The analysis cannot run on what the user gave it: a bad rule file or a bad SLO. The message names
 * the file (with line) or the option, and says how to fix it; the CLI prints it as is.
 */
public class AnalysisException extends Exception {

    public AnalysisException(String message) {
        super(message);
    }

    public AnalysisException(String message, Throwable cause) {
        super(message, cause);
    }
}
