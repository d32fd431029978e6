package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisException;
import dev.chokepoint.collector.analysis.AnalysisResult;
import dev.chokepoint.collector.analysis.RecordingWindow;
import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.steps.StepSource;
import dev.chokepoint.collector.steps.StepsException;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.signals.SignalCatalog;
import dev.chokepoint.collector.store.RunReader;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** From a run folder to the report: reads the run and its steps, runs the analysis, prints the headline. */
final class ReportStage {

    private final PrintStream out;
    private final PrintStream err;

    ReportStage(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * {@code strictSteps}: a bad steps file is an error ({@code analyze}); otherwise ({@code run},
     * where the load tool may have crashed before writing it) steps are detected instead, the
     * report is still written, and a malformed file still makes the exit code 2.
     */
    int report(Path runDir, StepSource source, ReportOptions options, boolean strictSteps) {
        RunData run;
        try {
            run = RunReader.read(runDir, SignalCatalog.maximaRead());
        } catch (IOException e) {
            err.println("chokepoint: cannot read the run folder " + runDir + ": " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        return report(run, runDir, source, options, strictSteps);
    }

    /** The same for a run read from elsewhere (Prometheus); the report lands in {@code outDir}. */
    int report(RunData run, Path outDir, StepSource source, ReportOptions options, boolean strictSteps) {
        int stepsProblem = ExitCodes.OK;
        List<Step> steps;
        try {
            steps = source.steps(run);
        } catch (StepsException | IOException e) {
            err.println("chokepoint: " + e.getMessage());
            if (strictSteps) {
                return ExitCodes.BAD_INPUT;
            }
            err.println("chokepoint: detecting the steps from the server's request rate instead");
            stepsProblem = e.getMessage().contains("does not exist") ? ExitCodes.OK : ExitCodes.BAD_INPUT;
            steps = detectQuietly(run);
        }
        if (steps.isEmpty()) {
            err.println("chokepoint: no steps found (no load or no http_server_requests timer); "
                    + "give --steps-file, --k6-json or --jtl");
        }
        AnalysisResult result;
        try {
            result = Analysis.run(run, steps, options.analysisOptions(), outDir);
        } catch (AnalysisException e) {
            err.println("chokepoint: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        Report.Recording window = result.report().recording();
        String said = window == null || source.file() == null ? null
                : RecordingWindow.said(window.before().size(), source.file().toString());
        if (said != null) {
            err.println(said);
        }
        out.println(result.headline());
        for (Path file : result.written()) {
            out.println("  " + file);
        }
        if (stepsProblem != ExitCodes.OK) {
            return stepsProblem;
        }
        return options.failOnSlo() && !result.sloMet() ? ExitCodes.SLO_MISSED : ExitCodes.OK;
    }

    private static List<Step> detectQuietly(RunData run) {
        try {
            return StepSource.detected().steps(run);
        } catch (StepsException | IOException impossible) {
            return List.of(); // detection reads no file
        }
    }
}
