package dev.chokepoint.collector.cli;

import java.io.PrintStream;

/** Where a command writes: results to {@code out}, progress and problems to {@code err}. */
public record Console(PrintStream out, PrintStream err) {

    public static Console system() {
        return new Console(System.out, System.err);
    }
}
