package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.prometheus.PrometheusException;
import dev.chokepoint.collector.prometheus.PrometheusReader;
import dev.chokepoint.collector.steps.StepSource;
import dev.chokepoint.collector.store.RunData;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code run} and {@code analyze} with {@code --prometheus}: the load runs as usual, but nothing
 * is scraped; the window is read from Prometheus afterwards. When Prometheus cannot give it, the
 * report is still written, marked partial with the reason, and the exit code is 3.
 */
final class PrometheusStage {

    private final Console console;

    PrometheusStage(Console console) {
        this.console = console;
    }

    int run(PrometheusOptions prometheus, Path out, List<String> command, StepSource source, ReportOptions report,
            Interrupts interrupts) throws IOException, InterruptedException {
        PrometheusReader reader = prometheus.reader();
        PrometheusWindow window = new PrometheusWindow(prometheus.url.toString(), prometheus.selector,
                System.currentTimeMillis(), null, List.copyOf(command), source.kind().option(),
                source.file() == null ? null : source.file().toAbsolutePath().toString());
        window.write(out);
        console.err().println("chokepoint: the load runs now; its window is read from " + prometheus.describe()
                + " when it ends");
        LoadCommand load = new LoadCommand(command, console.err());
        interrupts.onInterrupt(load::interrupt);
        try {
            load.start();
        } catch (IOException e) {
            console.err().println("chokepoint: cannot start the load command " + command + ": " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        int exit = load.waitFor();
        boolean interrupted = interrupts.interrupted();
        window = window.ended(System.currentTimeMillis());
        window.write(out);
        console.err().println("chokepoint: load command exited with status " + exit + (interrupted ? " (interrupted)" : ""));
        // Prometheus stores a scrape when it ends: wait two scrape intervals so the last second of
        // the load is in, rather than reporting it as a gap.
        Thread.sleep(2 * prometheus.step.toMillis() + 500);
        int code = report(reader, window, out, source, report, false);
        return interrupted ? ExitCodes.INTERRUPTED : code;
    }

    int analyze(PrometheusOptions prometheus, Path runDir, StepSource given, ReportOptions report) {
        PrometheusReader reader = prometheus.reader();
        PrometheusWindow window;
        try {
            window = PrometheusWindow.read(runDir);
        } catch (IOException e) {
            console.err().println("chokepoint: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        if (window.endMillis() == null) {
            console.err().println("chokepoint: " + runDir.resolve(PrometheusWindow.FILE) + " has no end: the run was "
                    + "killed before its load ended; its window cannot be known");
            return ExitCodes.BAD_INPUT;
        }
        StepSource source = given;
        if (source == null) {
            StepSource.Kind kind = StepSource.Kind.ofOption(window.stepsOption());
            source = kind == StepSource.Kind.DETECTED || window.stepsFile() == null ? StepSource.detected()
                    : new StepSource(kind, Path.of(window.stepsFile()));
        }
        return report(reader, window, runDir, source, report, given != null);
    }

    private int report(PrometheusReader reader, PrometheusWindow window, Path out, StepSource source,
                       ReportOptions report, boolean strictSteps) {
        RunData run;
        int code = ExitCodes.OK;
        try {
            run = reader.read(window.startMillis(), window.endMillis());
        } catch (PrometheusException e) {
            console.err().println("chokepoint: " + e.getMessage());
            run = new RunData(window.startMillis(), window.endMillis(), List.of(), List.of(), List.of(),
                    List.of(e.getMessage()));
            code = ExitCodes.RECORDING_FAILED;
        }
        for (String gap : run.gaps()) {
            console.err().println("chokepoint: partial data: " + gap);
        }
        int reported = new ReportStage(console.out(), console.err()).report(run, out, source, report, strictSteps);
        return code == ExitCodes.OK ? reported : code;
    }
}
