package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.progress.LiveProgress;
import dev.chokepoint.collector.steps.StepSource;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * What {@code run} and {@code record} share: the targets and the run folder, and the promise to
 * tell {@link Interrupts} when the work is done, whatever happens, so that an interrupted JVM
 * waits for the report and then exits with the command's code.
 */
abstract class RecordingCommand implements Callable<Integer> {

    @Mixin
    TargetOptions targets;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Run folder to create.")
    Path out;

    final Console console;
    final Interrupts interrupts;

    RecordingCommand(Console console, Interrupts interrupts) {
        this.console = console;
        this.interrupts = interrupts;
    }

    @Override
    public final Integer call() throws Exception {
        int code = ExitCodes.INTERNAL_ERROR;
        try {
            code = work();
            return code;
        } finally {
            interrupts.done(code);
        }
    }

    abstract int work() throws IOException, InterruptedException;

    /** Starts recording with live progress; null (said on stderr) when the run folder cannot be created. */
    Recording startRecording(List<String> command, StepSource source) {
        if (!targets.given()) {
            console.err().println("chokepoint: no --target given: scraping the agent's default endpoint "
                    + TargetOptions.AGENT_DEFAULT);
        }
        try {
            return Recording.start(targets, out, command, source, LiveProgress.create(source, console.err()),
                    console.err());
        } catch (IOException e) {
            console.err().println("chokepoint: cannot create the run folder: " + e.getMessage());
            return null;
        }
    }
}
