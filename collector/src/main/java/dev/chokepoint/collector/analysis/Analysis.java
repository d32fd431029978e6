package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.fleet.FleetJudge;
import dev.chokepoint.collector.report.Charts;
import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.report.ReportFormat;
import dev.chokepoint.collector.report.model.ModelBuilder;
import dev.chokepoint.collector.report.model.ReportModel;
import dev.chokepoint.collector.rules.CompiledRule;
import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.rules.RuleFileException;
import dev.chokepoint.collector.rules.RuleSet;
import dev.chokepoint.collector.signals.Baseline;
import dev.chokepoint.collector.signals.DependencyExporter;
import dev.chokepoint.collector.signals.DependencyExporters;
import dev.chokepoint.collector.signals.Fleet;
import dev.chokepoint.collector.signals.Grid;
import dev.chokepoint.collector.signals.SignalCatalog;
import dev.chokepoint.collector.signals.SignalFrame;
import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.steps.PlateauDetector;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.steps.StepNote;
import dev.chokepoint.collector.steps.UnjudgedLoad;
import dev.chokepoint.collector.steps.UncoveredLoad;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.TargetIdentity;
import dev.chokepoint.collector.verdict.EngineShortfall;
import dev.chokepoint.collector.verdict.Headline;
import dev.chokepoint.collector.verdict.LimitJudge;
import dev.chokepoint.collector.verdict.NamedNeighbours;
import dev.chokepoint.collector.verdict.ReferenceStep;
import dev.chokepoint.collector.verdict.StepLimit;
import dev.chokepoint.collector.verdict.SymptomFirst;
import dev.chokepoint.collector.verdict.Knee;
import dev.chokepoint.collector.verdict.Slo;
import dev.chokepoint.collector.verdict.QueueWait;
import dev.chokepoint.collector.verdict.RuleMargins;
import dev.chokepoint.collector.verdict.StepJudge;
import dev.chokepoint.collector.verdict.StepVerdict;
import dev.chokepoint.collector.verdict.UtilizationLaw;
import dev.chokepoint.collector.signals.StepCosts;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.Set;

/**
 * From a recorded run and its steps to the verdicts and the report files: signals per target on
 * one grid → every rule at every point → per step, the first saturated resource after removing
 * symptoms → knee, headline, utilization-law prediction → report in the asked formats.
 */
public final class Analysis {

    /** Starts the headline of a report whose run window had gaps (docs/report.md, "partial"). */
    public static final String PARTIAL_PREFIX = "Partial data: ";
    private static final String REQUEST_RATE = SignalCatalog.known("request_rate");
    private static final String LATENCY_P95 = SignalCatalog.known("latency_p95");

    private Analysis() {
    }

    public static AnalysisResult run(RunData run, List<Step> steps, AnalysisOptions options, Path outDir)
            throws AnalysisException {
        return write(analyze(run, steps, options), options, outDir);
    }

    /** Writes an analysed report (e.g. one whose headline a search replaced) in the asked formats. */
    public static AnalysisResult write(Report report, AnalysisOptions options, Path outDir) throws AnalysisException {
        List<Path> written = write(report, formats(options), outDir);
        return new AnalysisResult(report.headline(), report.sloMet(), written, report);
    }

    /** The report without writing it (tests, re-analysis). */
    public static Report analyze(RunData run, List<Step> steps, AnalysisOptions options) throws AnalysisException {
        Slo slo = slo(options);
        RuleSet rules = rules(options);
        Grid grid = Grid.covering(run.startMillis(), run.endMillis());
        Long death = LimitJudge.death(run);
        // Only steps the recording holds whole are judged: nothing is read from what it lacks.
        RecordingWindow held = window(run, steps, death);
        Baseline baseline = baseline(run, steps);
        Fleet fleet = new Fleet(run, grid, baseline, instants(held.recorded(), baseline));
        StepJudge judge = new StepJudge(fleet.frames(), rules.rules(), grid);
        List<StepVerdict> verdicts = symptomFirst(held.recorded(),
                fleet, judge, grid, rules, slo,
                new LimitJudge(grid, fleet.frames(), run.events(), death));
        List<StepVerdict> byLoad = verdicts.stream()
                .sorted(Comparator.comparingDouble(Analysis::load).thenComparingInt(v -> v.step().index())).toList();
        Knee knee = Headline.knee(byLoad);
        // Verdicts on a window with holes could name the wrong step or resource: say so first.
        String headline = (run.gaps().isEmpty() ? "" : PARTIAL_PREFIX) + held.headline(Headline.of(byLoad, knee, slo));
        Set<Resource> bound = new LinkedHashSet<>();
        rules.rules().stream().filter(r -> r.rule().throughputBound()).forEach(r -> bound.add(r.resource()));
        List<StepCosts> costs = verdicts.stream().map(v -> fleet.costs(v.step())).toList();
        Map<Integer, Double> othersOnHost = costs.stream().collect(Collectors.toMap(StepCosts::step, StepCosts::backgroundHostCpu, (a, b) -> a));
        UtilizationLaw law = new UtilizationLaw(byLoad, bound,
                v -> othersOnHost.getOrDefault(v.step().index(), Double.NaN));
        boolean sloMet = verdicts.stream().noneMatch(v -> Boolean.FALSE.equals(v.sloMet()));
        return new Report(headline, slo.text(), slo.describe(), sloMet, knee,
                new Report.Run(run.startMillis(), run.endMillis(), run.targets(), run.events(), processes(run),
                        run.targets().stream().filter(t -> DependencyExporters.kindOf(run, t)
                                .filter(k -> k == DependencyExporter.Kind.HOST_VIEW).isPresent()).toList()),
                verdicts, law.demands(), law.prediction(), law.next(), ruleInfo(rules, fleet.frames()),
                charts(grid, fleet.frames(), judge), run.gaps(),
                new FleetJudge(fleet.frames(), rules.rules(), judge, grid).judge(verdicts, slo),
                List.copyOf(rules.resources().values()), costs,
                held.whole() ? null : new Report.Recording(held.end(), held.sentence(), held.before(), held.after()),
                notes(run, held));
    }

    /** Where the judged steps and the baseline begin and end: the instants their counters are read at. */
    private static long[] instants(List<Step> steps, Baseline baseline) {
        return LongStream.concat(steps.stream().flatMapToLong(s -> LongStream.of(s.startMillis(), s.endMillis())),
                LongStream.of(baseline.fromMillis(), baseline.toMillis())).toArray();
    }

    private static RecordingWindow window(RunData run, List<Step> steps, Long death) {
        return RecordingWindow.of(steps, run.startMillis(), run.recordingEnd(),
                since -> UncoveredLoad.cover(since, run, death, PlateauDetector.defaults()));
    }

    /** What the detected steps joined or left out, in time order, joined stretches under the number of their step. */
    private static List<StepNote> notes(RunData run, RecordingWindow held) {
        List<Step> covering = new ArrayList<>(held.recorded());
        covering.addAll(held.after());
        List<StepNote> out = new ArrayList<>(UnjudgedLoad.of(run, covering));
        held.recorded().forEach(s -> s.notes().forEach(n -> out.add(n.inStep(s.index()))));
        out.sort(Comparator.comparingLong(StepNote::startMillis));
        return List.copyOf(out);
    }

    /** How far each rule sat from its thresholds at each step (chokepoint margins). */
    public static List<RuleMargins.Row> margins(RunData run, List<Step> steps, AnalysisOptions options) throws AnalysisException {
        RuleSet rules = rules(options);
        Grid grid = Grid.covering(run.startMillis(), run.endMillis());
        Fleet fleet = new Fleet(run, grid, baseline(run, steps));
        return new RuleMargins(fleet.frames(), rules.rules(), grid).of(window(run, steps, LimitJudge.death(run)).recorded());
    }

    /** Each step judged by the rules, then by its symptoms (a limited step is never "nothing saturated"). */
    private static List<StepVerdict> symptomFirst(List<Step> steps, Fleet fleet, StepJudge judge, Grid grid, RuleSet rules,
                                                  Slo slo, LimitJudge limits) {
        List<StepVerdict> judged = new ArrayList<>();
        for (Step step : steps) {
            judged.add(QueueWait.apply(judge.judge(step, fleet.traffic(step), slo),
                    fleet.queuedForWorker(step.startMillis(), step.endMillis()), slo));
        }
        if (judged.isEmpty()) {
            return judged;
        }
        ReferenceStep reference = ReferenceStep.of(judged.stream().sorted(Comparator.comparingDouble(Analysis::load)
                .thenComparingInt(v -> v.step().index())).toList());
        SymptomFirst symptomFirst = new SymptomFirst(rules.resources().get(Resource.UNATTRIBUTED), judge, fleet);
        EngineShortfall engine = new EngineShortfall(rules.resources().get(Resource.LOAD_GENERATOR));
        Step ref = reference.verdict().step();
        StepTraffic referenceServer = fleet.serverTraffic(ref.startMillis(), ref.endMillis());
        List<StepVerdict> out = new ArrayList<>();
        for (StepVerdict v : judged) {
            StepLimit limit = limits.judge(v.step(), v.traffic(), reference, slo, judged);
            StepTraffic server = fleet.serverTrafficSeenThrough(v.step().startMillis(), v.step().endMillis());
            out.add(engine.apply(symptomFirst.apply(v, limit, reference), server,
                    v == reference.lowest() || v == reference.verdict() ? null : referenceServer));
        }
        return new NamedNeighbours(judge).apply(out);
    }

    /** Per target, in the run's order, the processes it showed (for the report's header). */
    private static Map<String, List<TargetIdentity>> processes(RunData run) {
        Map<String, List<TargetIdentity>> out = new LinkedHashMap<>();
        run.targets().forEach(t -> out.put(t, TargetIdentity.seen(run, t)));
        return out;
    }

    private static double load(StepVerdict v) {
        return v.step().offeredRps() > 0 ? v.step().offeredRps() : v.traffic().achievedRps();
    }

    private static Slo slo(AnalysisOptions options) throws AnalysisException {
        try {
            return Slo.parse(options.slo() == null ? AnalysisOptions.DEFAULT_SLO : options.slo());
        } catch (IllegalArgumentException e) {
            throw new AnalysisException(e.getMessage(), e);
        }
    }

    private static RuleSet rules(AnalysisOptions options) throws AnalysisException {
        try {
            return RuleSet.load(options.ruleFiles());
        } catch (RuleFileException e) {
            throw new AnalysisException(e.getMessage() + "\nFix the rule file(s) above (format: docs/report.md#rules).", e);
        }
    }

    private static List<ReportFormat> formats(AnalysisOptions options) throws AnalysisException {
        List<ReportFormat> out = new ArrayList<>();
        for (String f : options.formats()) {
            out.add(ReportFormat.byId(f).orElseThrow(() -> new AnalysisException(
                    "--format: unknown format '" + f + "'; use any of md, json, html (comma-separated)")));
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }

    /** Where statements and downstream calls are "normal": the lowest-load step, else the first third of the run. */
    static Baseline baseline(RunData run, List<Step> steps) {
        // A step that ended before the recording began (an earlier run's, RecordingWindow) has no samples.
        return steps.stream().filter(s -> s.endMillis() > run.startMillis())
                .min(Comparator.comparingDouble(Step::offeredRps).thenComparingInt(Step::index))
                .map(s -> new Baseline(s.startMillis(), s.endMillis()))
                .orElse(new Baseline(run.startMillis(), run.startMillis() + (run.endMillis() - run.startMillis()) / 3));
    }

    private static List<Report.RuleInfo> ruleInfo(RuleSet rules, List<SignalFrame> frames) {
        List<Report.RuleInfo> out = new ArrayList<>();
        boolean exporters = frames.stream().anyMatch(f -> SignalCatalog.signals().keySet().stream()
                .filter(SignalCatalog::fromExporter).anyMatch(f::available));
        for (CompiledRule r : rules.rules()) {
            // A rule that reads a dependency's exporter is not listed for a run that recorded none:
            // every one of its signals would be missing, and the list would only repeat "no exporter".
            if (!exporters && r.conditionSignals().stream().anyMatch(SignalCatalog::fromExporter)) {
                continue;
            }
            List<String> missing = r.conditionSignals().stream()
                    .filter(s -> frames.stream().noneMatch(f -> f.available(s))).sorted().toList();
            out.add(new Report.RuleInfo(r.id(), r.resource().id(), r.rule().severity().name().toLowerCase(),
                    r.rule().origin().file() + ":" + r.rule().origin().line(), missing));
        }
        return out;
    }

    private static Charts charts(Grid grid, List<SignalFrame> frames, StepJudge judge) {
        long[] times = new long[grid.size()];
        double[] rate = new double[grid.size()];
        double[] p95 = new double[grid.size()];
        for (int i = 0; i < grid.size(); i++) {
            times[i] = grid.time(i);
            rate[i] = Double.NaN;
            p95[i] = Double.NaN;
            for (SignalFrame f : frames) {
                double r = f.value(REQUEST_RATE, i);
                double p = f.value(LATENCY_P95, i);
                rate[i] = Double.isNaN(r) ? rate[i] : Double.isNaN(rate[i]) ? r : rate[i] + r;
                p95[i] = Double.isNaN(p) ? p95[i] : Double.isNaN(p95[i]) ? p : Math.max(p95[i], p);
            }
        }
        List<Charts.ResourceSeries> resources = new ArrayList<>();
        for (Map.Entry<Resource, double[][]> e : judge.resourceTimelines().entrySet()) {
            resources.add(new Charts.ResourceSeries(e.getKey().id(), e.getKey().displayName(),
                    Charts.thin(e.getValue()[0]), Charts.thin(e.getValue()[1])));
        }
        return new Charts(Charts.thin(times), Charts.thin(rate), Charts.thin(p95), resources);
    }

    private static List<Path> write(Report report, List<ReportFormat> formats, Path outDir) throws AnalysisException {
        List<Path> written = new ArrayList<>();
        ReportModel model = ModelBuilder.of(report);
        try {
            Files.createDirectories(outDir);
            for (ReportFormat f : formats) {
                Path file = outDir.resolve(f.fileName());
                try (OutputStream out = Files.newOutputStream(file)) {
                    f.writer().write(model, out);
                }
                written.add(file);
            }
        } catch (IOException e) {
            throw new AnalysisException("cannot write the report to " + outDir + " (" + e.getMessage()
                    + "); check --out is a writable folder", e);
        }
        return written;
    }
}
