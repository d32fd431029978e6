package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.scrape.Recorder;
import dev.chokepoint.collector.scrape.TickListener;
import dev.chokepoint.collector.steps.StepSource;
import dev.chokepoint.collector.store.RunMetadata;
import dev.chokepoint.collector.store.RunWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/** A recording in progress: the run folder's writer and the scraping behind it, started and stopped together. */
final class Recording {

    private final RunWriter writer;
    private final Recorder recorder;
    private final RunMetadata started;
    private final Path out;
    private final PrintStream err;

    private Recording(RunWriter writer, Recorder recorder, RunMetadata started, Path out, PrintStream err) {
        this.writer = writer;
        this.recorder = recorder;
        this.started = started;
        this.out = out;
        this.err = err;
    }

    static Recording start(TargetOptions targets, Path out, List<String> command, StepSource steps,
                           TickListener listener, PrintStream err) throws IOException {
        RunMetadata metadata = RunMetadata.started(targets.targets().stream().map(URI::toString).toList(),
                System.currentTimeMillis(), targets.interval().toMillis(), command, steps.kind().option(),
                steps.file() == null ? null : steps.file().toAbsolutePath().toString());
        RunWriter writer = RunWriter.create(out, metadata);
        Recorder recorder = new Recorder(targets.targets(), targets.interval(), writer, listener, err);
        recorder.start();
        err.println("chokepoint: recording " + targets.targets().size() + " target(s) every "
                + targets.interval().toMillis() + " ms into " + out);
        return new Recording(writer, recorder, metadata, out, err);
    }

    /**
     * Stops scraping and seals the run folder; everything scraped is on disk afterwards, unless
     * a write failed (a full disk): then what reached the disk is the run, said in one line, and
     * the command goes on to report it.
     */
    void stop(Integer exitStatus, boolean interrupted) {
        recorder.stop();
        try {
            writer.finish(started.ended(System.currentTimeMillis(), exitStatus, interrupted));
        } catch (IOException e) {
            err.println("chokepoint: " + e.getMessage());
        }
    }

    boolean anyTargetAnswered() {
        return recorder.anyTargetAnswered();
    }

    long rounds() {
        return recorder.rounds();
    }

    int series() {
        return writer.seriesCount();
    }

    String noTargetAnswered() {
        return "chokepoint: no target ever answered a scrape; check the --target URL(s) "
                + started.targets() + " (is the agent or Actuator endpoint up?). The run folder " + out
                + " holds the scrape errors in events.jsonl.";
    }
}
