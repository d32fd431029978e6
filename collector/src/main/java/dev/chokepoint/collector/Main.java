package dev.chokepoint.collector;

import dev.chokepoint.collector.cli.ChokepointCommand;
import dev.chokepoint.collector.cli.Console;
import dev.chokepoint.collector.cli.Interrupts;
import dev.chokepoint.collector.cli.ShutdownHookInterrupts;

/** The {@code chokepoint} command: parses and routes; the work is in {@code cli} and the pipeline packages. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        Console console = Console.system();
        int code = ChokepointCommand.commandLine(console, new ShutdownHookInterrupts(console.err())).execute(args);
        System.exit(code);
    }

    /** For tests and embedding: runs one command in this JVM (no Ctrl-C handling) and returns its exit code. */
    public static int execute(String... args) {
        return execute(Console.system(), args);
    }

    public static int execute(Console console, String... args) {
        return ChokepointCommand.commandLine(console, Interrupts.NONE).execute(args);
    }
}
