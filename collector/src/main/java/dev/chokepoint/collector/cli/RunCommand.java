package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.steps.StepSource;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.util.List;

@Command(name = "run", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        description = {
            "Records the targets while the load command runs; when it ends (or on Ctrl-C, or when it crashes)"
                    + " reads the steps, analyzes and writes the report into the --out folder.",
            "The load command's output is its own (stdout); chokepoint's progress goes to stderr."},
        footer = {"", "Example:",
            "  chokepoint run --target http://127.0.0.1:9464/metrics --out runs/1 --steps runs/1/steps.csv \\",
            "      --slo 'p95<=300ms,p99<=1s,errors<=1%%' -- ./stairs.sh",
            "  chokepoint run --prometheus http://127.0.0.1:9090 --selector '{job=\"market\"}' --out runs/2 \\",
            "      --steps runs/2/steps.csv -- ./stairs.sh", ""})
public final class RunCommand extends RecordingCommand {

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    StepOptions steps;

    @Mixin
    ReportOptions report;

    @Mixin
    PrometheusOptions prometheus;

    @Parameters(arity = "1..*", paramLabel = "COMMAND",
            description = "The load command and its arguments (after --), e.g. -- k6 run --out json=k6.json stairs.js")
    List<String> command;

    RunCommand(Console console, Interrupts interrupts) {
        super(console, interrupts);
    }

    @Override
    int work() throws IOException, InterruptedException {
        StepSource source = StepOptions.sourceOf(steps);
        if (prometheus.enabled()) {
            if (targets.targets() != null) {
                console.err().println("chokepoint: give either --target (scrape) or --prometheus (read a fleet), not both");
                return ExitCodes.BAD_INPUT;
            }
            return new PrometheusStage(console).run(prometheus, out, command, source, report, interrupts);
        }
        Recording recording = startRecording(command, source);
        if (recording == null) {
            return ExitCodes.BAD_INPUT;
        }
        LoadCommand load = new LoadCommand(command, console.err());
        interrupts.onInterrupt(load::interrupt);
        try {
            load.start();
        } catch (IOException e) {
            recording.stop(null, false);
            console.err().println("chokepoint: cannot start the load command " + command + ": " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        int exit = load.waitFor();
        boolean interrupted = interrupts.interrupted();
        recording.stop(exit, interrupted);
        console.err().println("chokepoint: load command exited with status " + exit + (interrupted ? " (interrupted)" : "")
                + "; " + recording.rounds() + " scrape rounds, " + recording.series() + " series recorded");
        if (!recording.anyTargetAnswered()) {
            console.err().println(recording.noTargetAnswered());
            return ExitCodes.RECORDING_FAILED;
        }
        int code = new ReportStage(console.out(), console.err()).report(out, source, report, false);
        return interrupted ? ExitCodes.INTERRUPTED : code;
    }
}
