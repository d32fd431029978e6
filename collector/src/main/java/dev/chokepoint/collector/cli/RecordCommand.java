package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.steps.StepSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

@Command(name = "record", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        description = {"Records the targets into the --out folder for --duration, or until Ctrl-C "
                + "(its normal end: exit code 0). Analyze it afterwards with `chokepoint analyze DIR`."})
public final class RecordCommand extends RecordingCommand {

    @Option(names = "--duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long to record, e.g. 10m; without it, until Ctrl-C.")
    Duration duration;

    RecordCommand(Console console, Interrupts interrupts) {
        super(console, interrupts);
    }

    @Override
    int work() throws IOException, InterruptedException {
        if (duration == null && interrupts == Interrupts.NONE) {
            console.err().println("chokepoint: record needs --duration when it cannot be stopped with Ctrl-C");
            return ExitCodes.BAD_INPUT;
        }
        Recording recording = startRecording(List.of(), StepSource.detected());
        if (recording == null) {
            return ExitCodes.BAD_INPUT;
        }
        CountDownLatch stop = new CountDownLatch(1);
        interrupts.onInterrupt(stop::countDown);
        if (duration != null) {
            stop.await(duration.toMillis(), TimeUnit.MILLISECONDS);
        } else {
            stop.await();
        }
        recording.stop(null, interrupts.interrupted());
        if (!recording.anyTargetAnswered()) {
            console.err().println(recording.noTargetAnswered());
            return ExitCodes.RECORDING_FAILED;
        }
        console.out().println("Recorded " + recording.rounds() + " scrape rounds, " + recording.series()
                + " series into " + out + "; analyze with: chokepoint analyze " + out);
        return ExitCodes.OK;
    }
}
