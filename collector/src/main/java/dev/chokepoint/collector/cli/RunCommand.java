package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.drive.HeyEngine;
import dev.chokepoint.collector.drive.RequestSpec;
import dev.chokepoint.collector.signals.DurationText;
import dev.chokepoint.collector.steps.StepSource;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

@Command(name = "run", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        description = {
            "Records the targets while the load command runs (or while the built-in engine drives --stairs: "
                    + "--url/--requests, --stairs, --step-duration); when it ends (or on Ctrl-C, or when it crashes)"
                    + " reads the steps, analyzes and writes the report into the --out folder.",
            "The load command's output is its own (stdout); chokepoint's progress goes to stderr."},
        footer = {"", "Examples:",
            "  chokepoint run --target http://127.0.0.1:19464/metrics --out runs/1 \\",
            "      --url http://127.0.0.1:8080/orders --stairs 10,30,150,300 \\",
            "      --step-duration 30s",
            "  chokepoint run --target http://127.0.0.1:19464/metrics --out runs/1 \\",
            "      --steps-file runs/1/steps.csv \\",
            "      --slo 'p(95)<300,p(99)<1000,http_req_failed<0.01' -- ./stairs.sh",
            "  chokepoint run --prometheus http://127.0.0.1:9090 --out runs/2 \\",
            "      --selector '{job=\"market\"}' --steps-file runs/2/steps.csv -- ./stairs.sh", ""})
public final class RunCommand extends RecordingCommand {

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    StepOptions steps;

    @Mixin
    ReportOptions report;

    @Mixin
    PrometheusOptions prometheus;

    @Mixin
    RequestOptions requests;

    @Option(names = "--stairs", split = ",", paramLabel = "RPS",
            description = "Built-in engine: the arrival rate of each step, e.g. 10,30,150,300 (requests per second, "
                    + "open model: a slow service does not slow the offer).")
    List<Double> stairs;

    @Option(names = "--step-duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Built-in engine: how long each step lasts, e.g. 30s, 1m, 1m30s.")
    Duration step;

    /** The old name of {@code --step-duration} (see {@link RenamedOptions}). */
    @Option(names = "--step", paramLabel = "DURATION", hidden = true, converter = DurationConverter.class)
    void oldStep(Duration value) {
        step = value;
    }

    @Parameters(arity = "0..*", paramLabel = "COMMAND",
            description = "The load command and its arguments (after --), e.g. -- k6 run --out json=k6.json stairs.js")
    List<String> command;

    @Spec
    CommandSpec spec;

    RunCommand(Console console, Interrupts interrupts) {
        super(console, interrupts);
    }

    @Override
    int work() throws IOException, InterruptedException {
        if (requests.given() || stairs != null || step != null) {
            return builtInStairs();
        }
        if (command == null || command.isEmpty()) {
            console.err().println("chokepoint: give the load command after -- (e.g. -- k6 run stairs.js), or the built-in "
                    + "stairs: --url URL --stairs 10,30,150,300 --step-duration 30s");
            return ExitCodes.BAD_INPUT;
        }
        String stray = strayBeforeCommand();
        if (stray != null) {
            console.err().println("chokepoint: " + stray);
            return ExitCodes.BAD_INPUT;
        }
        StepSource source = StepOptions.sourceOf(steps);
        if (prometheus.enabled()) {
            if (targets.given()) {
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
        return finish(recording, exit, "load command exited with status " + exit, source);
    }

    /** The built-in engine drives the stairs; its schedule is the steps. */
    private int builtInStairs() throws IOException, InterruptedException {
        String problem = stairsProblem();
        if (problem != null) {
            console.err().println("chokepoint: " + problem);
            return ExitCodes.BAD_INPUT;
        }
        List<RequestSpec> specs = BuiltInLoad.requests(requests, console.err());
        if (specs == null) {
            return ExitCodes.BAD_INPUT;
        }
        if (!HeyEngine.heyInstalled()) {
            console.err().println(BuiltInLoad.engineMissing());
            return ExitCodes.BAD_INPUT;
        }
        StepSource source = BuiltInLoad.schedule(out);
        List<String> rates = stairs.stream().map(HeyEngine::number).toList();
        Recording recording = startRecording(BuiltInLoad.described("run", specs,
                List.of("--stairs", String.join(",", rates), "--step-duration", DurationText.format(step))), source);
        if (recording == null) {
            return ExitCodes.BAD_INPUT;
        }
        HeyEngine engine = HeyEngine.open(out, specs, console.err());
        interrupts.onInterrupt(engine::interrupt);
        console.err().println("chokepoint: stairs " + String.join(", ", rates) + " RPS, " + step.toMillis() / 1000.0
                + " s each, open model (hey, workers for up to 1 s answers; steps in " + engine.schedule() + ")");
        String shortSteps = BuiltInLoad.shortStepWarning(step);
        if (shortSteps != null) {
            console.err().println(shortSteps);
        }
        if (requests.warmUp != null) {
            engine.warmUp(RequestOptions.warmUpRate(stairs.get(0)), requests.warmUp);
        }
        int steps = engine.interrupted() ? 0 : engine.stairs(stairs, step).size();
        if (!engine.interrupted()) {
            BuiltInLoad.lastScrape(targets.interval());
        }
        return finish(recording, 0, "stairs done: " + steps + " of " + stairs.size() + " steps", source);
    }

    /**
     * Words before {@code --} that no option took: picocli makes them the first words of the
     * load command, which would then run a rules file (the old {@code --rules a.yaml b.yaml}).
     */
    private String strayBeforeCommand() {
        List<String> given = spec.commandLine().getParseResult().originalArgs();
        int end = given.indexOf("--");
        int after = end < 0 ? command.size() : given.size() - end - 1;
        if (command.size() <= after) {
            return null;
        }
        // After a positional word, picocli keeps the -- itself among the positional words too.
        int before = command.size() - after;
        List<String> stray = command.subList(0, command.get(before - 1).equals("--") ? before - 1 : before);
        String rulesHint = stray.stream().anyMatch(w -> w.endsWith(".yaml") || w.endsWith(".yml"))
                ? ": --rules takes one file per option (--rules a.yaml --rules b.yaml)" : "";
        return "'" + String.join(" ", stray) + "' before -- is no option's value" + rulesHint
                + "; each option takes one value, and the load command goes after --";
    }

    private String stairsProblem() {
        if (command != null && !command.isEmpty()) {
            return "give either the built-in stairs (--url/--requests, --stairs, --step-duration) or a load command after --, not both";
        }
        if (steps != null) {
            return "the built-in stairs write their own schedule; drop --steps-file/--k6-json/--jtl";
        }
        if (prometheus.enabled()) {
            return "the built-in stairs record with --target; --prometheus is for a fleet under your own load tool";
        }
        if (stairs == null || stairs.isEmpty() || step == null) {
            return "the built-in stairs need --stairs RATES (e.g. 10,30,150,300) and --step-duration DURATION (e.g. 30s)";
        }
        if (stairs.stream().anyMatch(r -> !(r > 0) || Double.isInfinite(r))) {
            return "--stairs must be positive rates in requests per second, e.g. 10,30,150,300; got " + stairs;
        }
        if (step.toMillis() < 1000) {
            return "--step-duration " + DurationText.format(step) + " is too short; use 1s or more (30s is usual)";
        }
        return null;
    }

    private int finish(Recording recording, int exit, String said, StepSource source) throws IOException {
        boolean interrupted = interrupts.interrupted();
        recording.stop(exit, interrupted);
        console.err().println("chokepoint: " + said + (interrupted ? " (interrupted)" : "")
                + "; " + recording.rounds() + " scrape rounds, " + recording.series() + " series recorded");
        if (!recording.anyTargetAnswered()) {
            console.err().println(recording.noTargetAnswered());
            return ExitCodes.RECORDING_FAILED;
        }
        int code = new ReportStage(console.out(), console.err()).report(out, source, report, false);
        return interrupted ? ExitCodes.INTERRUPTED : code;
    }
}
