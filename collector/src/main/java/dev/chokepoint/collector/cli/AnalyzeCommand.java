package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.steps.StepSource;
import dev.chokepoint.collector.store.RunMetadata;
import dev.chokepoint.collector.store.RunReader;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "analyze", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        description = {"Analyzes a recorded run folder again (e.g. with other rules or another SLO) and writes "
                + "the report into it. Without a steps option, the steps source the run was recorded with is "
                + "used, else the steps are detected from the server's request rate."})
public final class AnalyzeCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "Run folder written by `run` or `record`.")
    Path runDir;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    StepOptions steps;

    @Mixin
    ReportOptions report;

    @Mixin
    PrometheusOptions prometheus;

    private final Console console;

    AnalyzeCommand(Console console) {
        this.console = console;
    }

    @Override
    public Integer call() {
        if (prometheus.enabled()) {
            return new PrometheusStage(console).analyze(prometheus, runDir, steps == null ? null
                    : StepOptions.sourceOf(steps), report);
        }
        if (Files.exists(runDir.resolve(PrometheusWindow.FILE)) && !Files.exists(runDir.resolve("run.json"))) {
            console.err().println("chokepoint: " + runDir + " was recorded by `run --prometheus`: its samples are in "
                    + "Prometheus; analyze it with --prometheus URL --selector MATCHERS");
            return ExitCodes.BAD_INPUT;
        }
        StepSource source = StepOptions.sourceOf(steps);
        if (steps == null) {
            try {
                RunMetadata metadata = RunReader.readMetadata(runDir);
                source = StepSource.recordedWith(runDir, metadata.stepsOption(), metadata.stepsFile());
            } catch (IOException e) {
                console.err().println("chokepoint: " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
        }
        return new ReportStage(console.out(), console.err()).report(runDir, source, report, true);
    }
}
