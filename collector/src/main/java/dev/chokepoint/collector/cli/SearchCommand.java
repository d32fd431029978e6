package dev.chokepoint.collector.cli;

import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisException;
import dev.chokepoint.collector.analysis.AnalysisResult;
import dev.chokepoint.collector.drive.CapacitySearch;
import dev.chokepoint.collector.drive.EngineStep;
import dev.chokepoint.collector.drive.HeyEngine;
import dev.chokepoint.collector.drive.RequestSpec;
import dev.chokepoint.collector.drive.SearchHeadline;
import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.signals.DurationText;
import dev.chokepoint.collector.steps.ScheduleFile;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.steps.StepsException;
import dev.chokepoint.collector.signals.SignalCatalog;
import dev.chokepoint.collector.store.RunReader;
import dev.chokepoint.collector.verdict.StepVerdict;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

@Command(name = "search", sortOptions = false, usageHelpAutoWidth = true, mixinStandardHelpOptions = true,
        description = {
            "Finds the capacity within the SLO to ±5 %%: probes at a constant arrival rate (built-in engine, open "
                    + "model), ×2 from --start-rate until a probe misses the SLO or is limited, then bisects between the "
                    + "last good and the first bad rate; each probe is judged like a step of `run`. Writes the report "
                    + "of a normal run with the probes as its steps, headed by the capacity."},
        footer = {"", "Example:",
            "  chokepoint search --target http://127.0.0.1:19464/metrics --out runs/s1 \\",
            "      --url http://127.0.0.1:8080/orders --slo 'p(95)<200' --max-time 10m", ""})
public final class SearchCommand extends RecordingCommand {

    @Mixin
    RequestOptions requests;

    @Mixin
    ReportOptions report;

    @Option(names = "--max-time", paramLabel = "DURATION", defaultValue = "10m", converter = DurationConverter.class,
            description = "Stop probing after this long, narrowed or not (default: ${DEFAULT-VALUE}).")
    Duration maxTime;

    // Initial values, not defaultValue: picocli would apply a default after the old name's setter.
    @Option(names = "--probe-duration", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long each probe lasts; at least 10s, a rule's sustain plus the analysis window "
                    + "(default: 15s).")
    Duration probe = Duration.ofSeconds(15);

    /** The old name of {@code --probe-duration} (see {@link RenamedOptions}). */
    @Option(names = "--probe", paramLabel = "DURATION", hidden = true, converter = DurationConverter.class)
    void oldProbe(Duration value) {
        probe = value;
    }

    @Option(names = "--start-rate", paramLabel = "RPS",
            description = "The first probe's rate in requests per second (default: 10); then ×2 while probes pass.")
    double start = 10;

    /** The old name of {@code --start-rate} (see {@link RenamedOptions}). */
    @Option(names = "--start", paramLabel = "RPS", hidden = true)
    void oldStart(double value) {
        start = value;
    }

    @Option(names = "--precision", paramLabel = "PERCENT", defaultValue = "5",
            description = "Narrow the capacity to ± this many percent (default: ${DEFAULT-VALUE}).")
    double precisionPercent;

    @Option(names = "--fail-below", paramLabel = "RPS",
            description = "Exit with 1 unless a probe at this rate or more met the SLO unlimited (for CI: the "
                    + "capacity must not fall below it). A search's probes miss the SLO by design, so "
                    + "--fail-on-slo does not apply here.")
    Double failBelow;

    SearchCommand(Console console, Interrupts interrupts) {
        super(console, interrupts);
    }

    @Override
    int work() throws IOException, InterruptedException {
        List<RequestSpec> specs = BuiltInLoad.requests(requests, console.err());
        if (specs == null) {
            return ExitCodes.BAD_INPUT;
        }
        String problem = problem();
        if (problem != null) {
            console.err().println("chokepoint: " + problem);
            return ExitCodes.BAD_INPUT;
        }
        if (!HeyEngine.heyInstalled()) {
            console.err().println(BuiltInLoad.engineMissing());
            return ExitCodes.BAD_INPUT;
        }
        Recording recording = startRecording(BuiltInLoad.described("search", specs, List.of("--slo", report.slo(),
                "--max-time", DurationText.format(maxTime), "--probe-duration", DurationText.format(probe))),
                BuiltInLoad.schedule(out));
        if (recording == null) {
            return ExitCodes.BAD_INPUT;
        }
        HeyEngine engine = HeyEngine.open(out, specs, console.err());
        interrupts.onInterrupt(engine::interrupt);
        CapacitySearch search = new CapacitySearch(start, precisionPercent / 100);
        long deadline = System.currentTimeMillis() + maxTime.toMillis();
        if (requests.warmUp != null) {
            engine.warmUp(RequestOptions.warmUpRate(start), requests.warmUp);
        }
        for (double rate = search.next(); !Double.isNaN(rate) && !engine.interrupted(); rate = search.next()) {
            if (System.currentTimeMillis() + probe.toMillis() + 2_000 > deadline) {
                console.err().println("chokepoint: --max-time " + maxTime.toSeconds() + " s reached; stopping the search");
                break;
            }
            EngineStep ran = engine.probe(rate, probe);
            if (ran == null || engine.interrupted()) {
                break;
            }
            BuiltInLoad.lastScrape(targets.interval());
            CapacitySearch.Outcome outcome = judge(ran.index());
            if (outcome == null) {
                break;
            }
            search.record(rate, outcome);
            console.err().printf(Locale.ROOT, "chokepoint: probe %d at %s RPS: %s%n", ran.index(),
                    HeyEngine.number(rate), outcome.name().toLowerCase(Locale.ROOT).replace('_', ' '));
        }
        recording.stop(0, interrupts.interrupted());
        if (!recording.anyTargetAnswered()) {
            console.err().println(recording.noTargetAnswered());
            return ExitCodes.RECORDING_FAILED;
        }
        int code = writeReport(search);
        return interrupts.interrupted() ? ExitCodes.INTERRUPTED : code;
    }

    private String problem() {
        if (!(start > 0)) {
            return "--start-rate must be a positive rate, got " + start;
        }
        if (!(precisionPercent > 0 && precisionPercent < 50)) {
            return "--precision must be a percentage between 0 and 50, e.g. 5; got " + precisionPercent;
        }
        if (probe.compareTo(BuiltInLoad.SHORTEST_JUDGED_STEP) < 0) {
            return "--probe-duration " + DurationText.format(probe) + " is too short for a verdict; use 10s or more (15s is the default)";
        }
        if (maxTime.compareTo(probe.multipliedBy(2)) < 0) {
            return "--max-time must allow at least two probes (2 × --probe-duration)";
        }
        if (report.failOnSlo()) {
            return "--fail-on-slo does not apply to search (its probes miss the SLO by design); "
                    + "use --fail-below RPS to fail when the capacity is below a rate";
        }
        if (failBelow != null && !(failBelow > 0)) {
            return "--fail-below must be a positive rate, got " + failBelow;
        }
        return null;
    }

    /** The probe's verdict, judged as a step of the run so far; null when the run cannot be analysed. */
    private CapacitySearch.Outcome judge(int index) {
        try {
            Report r = Analysis.analyze(RunReader.read(out, SignalCatalog.maximaRead()).stillRecording(), steps(), report.analysisOptions());
            StepVerdict v = r.steps().stream().filter(x -> x.step().index() == index).findFirst().orElse(null);
            if (v == null) {
                return null;
            }
            if (v.firstSaturated() != null && v.firstSaturated().resource().id().equals(Resource.LOAD_GENERATOR)) {
                return CapacitySearch.Outcome.ENGINE_SHORT;
            }
            boolean passed = Boolean.TRUE.equals(v.sloMet()) && !v.limit().limited() && v.firstSaturated() == null;
            return passed ? CapacitySearch.Outcome.PASSED : CapacitySearch.Outcome.FAILED;
        } catch (IOException | StepsException | AnalysisException e) {
            console.err().println("chokepoint: cannot judge the probe: " + e.getMessage());
            return null;
        }
    }

    /** {@code --fail-below}: no probe at that rate or more passed (NaN, nothing passed, is below too). */
    private boolean belowRequired(CapacitySearch search) {
        if (failBelow == null) {
            return false;
        }
        double good = search.lastGood();
        boolean below = Double.isNaN(good) || good < failBelow;
        if (below) {
            console.err().printf(Locale.ROOT, "chokepoint: --fail-below %s: %s%n", HeyEngine.number(failBelow),
                    Double.isNaN(good) ? "no probe met the SLO" : "the highest rate that met the SLO was "
                            + HeyEngine.number(good) + " RPS");
        }
        return below;
    }

    private List<Step> steps() throws IOException, StepsException {
        return ScheduleFile.read(out.resolve(HeyEngine.SCHEDULE));
    }

    private int writeReport(CapacitySearch search) {
        try {
            Report r = Analysis.analyze(RunReader.read(out, SignalCatalog.maximaRead()), steps(), report.analysisOptions());
            String headline = SearchHeadline.of(search, r, precisionPercent / 100, maxTime.toSeconds() + " s");
            AnalysisResult result = Analysis.write(r.withHeadline(headline), report.analysisOptions(), out);
            console.out().println(result.headline());
            result.written().forEach(f -> console.out().println("  " + f));
            return belowRequired(search) ? ExitCodes.SLO_MISSED : ExitCodes.OK;
        } catch (IOException | StepsException | AnalysisException e) {
            console.err().println("chokepoint: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
    }
}
