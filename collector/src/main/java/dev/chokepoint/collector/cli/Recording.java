package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.hostview.HostView;
import dev.chokepoint.collector.hostview.HostViewEndpoint;
import dev.chokepoint.collector.scrape.Recorder;
import dev.chokepoint.collector.scrape.TickListener;
import dev.chokepoint.collector.steps.StepSource;
import dev.chokepoint.collector.store.RunMetadata;
import dev.chokepoint.collector.store.RunWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A recording in progress: the run folder's writer and the scraping behind it, started and stopped together. */
final class Recording {

    private final RunWriter writer;
    private final Recorder recorder;
    private final HostViewEndpoint hostView;
    private final RunMetadata started;
    private final Path out;
    private final PrintStream err;

    private Recording(RunWriter writer, Recorder recorder, HostViewEndpoint hostView, RunMetadata started, Path out,
                      PrintStream err) {
        this.writer = writer;
        this.recorder = recorder;
        this.hostView = hostView;
        this.started = started;
        this.out = out;
        this.err = err;
    }

    static Recording start(TargetOptions targets, Path out, List<String> command, StepSource steps,
                           TickListener listener, PrintStream err) throws IOException {
        HostViewEndpoint hostView = targets.hostView() ? hostView(targets.targets(), err) : null;
        List<URI> scraped = new ArrayList<>(targets.targets());
        if (hostView != null) {
            scraped.add(hostView.uri());
        }
        RunMetadata metadata = RunMetadata.started(scraped.stream().map(URI::toString).toList(),
                System.currentTimeMillis(), targets.interval().toMillis(), command, steps.kind().option(),
                steps.file() == null ? null : steps.file().toAbsolutePath().toString());
        RunWriter writer = RunWriter.create(out, metadata);
        Recorder recorder = new Recorder(scraped, targets.interval(), writer, listener, err);
        recorder.start();
        err.println("chokepoint: recording " + targets.targets().size() + " target(s) every "
                + targets.interval().toMillis() + " ms into " + out + (hostView == null ? "" : ", with this host's view"));
        return new Recording(writer, recorder, hostView, metadata, out, err);
    }

    /**
     * The host view, or null (said in one line) where this host has no /proc or it cannot serve:
     * the run records its targets without it.
     */
    private static HostViewEndpoint hostView(List<URI> targets, PrintStream err) {
        if (!HostView.available()) {
            return null;
        }
        try {
            return HostViewEndpoint.start(HostView.of(targets));
        } catch (IOException | RuntimeException e) {
            err.println("chokepoint: recording without the host's view (who used its cores): " + e);
            return null;
        }
    }

    /**
     * Stops scraping and seals the run folder; everything scraped is on disk afterwards, unless
     * a write failed (a full disk): then what reached the disk is the run, said in one line, and
     * the command goes on to report it.
     */
    void stop(Integer exitStatus, boolean interrupted) {
        recorder.stop();
        if (hostView != null) {
            hostView.close();
        }
        try {
            writer.finish(started.ended(System.currentTimeMillis(), exitStatus, interrupted));
        } catch (IOException e) {
            err.println("chokepoint: " + e.getMessage());
        }
    }

    boolean anyTargetAnswered() {
        // The host view always answers: it says nothing about the targets.
        return recorder.anyTargetAnswered(givenTargets());
    }

    long rounds() {
        return recorder.rounds();
    }

    int series() {
        return writer.seriesCount();
    }

    /** The targets the user gave: the host view, when there is one, is scraped after them. */
    private int givenTargets() {
        return recorder.targetCount() - (hostView == null ? 0 : 1);
    }

    String noTargetAnswered() {
        return "chokepoint: no target ever answered a scrape; check the --target URL(s) "
                + started.targets().subList(0, givenTargets())
                + " (is the agent or Actuator endpoint up?). The run folder " + out
                + " holds the scrape errors in events.jsonl.";
    }
}
