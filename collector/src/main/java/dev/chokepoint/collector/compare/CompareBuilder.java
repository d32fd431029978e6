package dev.chokepoint.collector.compare;

import dev.chokepoint.collector.compare.CompareModel.Change;
import dev.chokepoint.collector.compare.CompareModel.Metric;
import dev.chokepoint.collector.report.model.ReportModel;
import dev.chokepoint.collector.report.model.ReportModel.RouteModel;
import dev.chokepoint.collector.report.model.ReportModel.StepModel;
import dev.chokepoint.collector.report.model.ReportModel.WaitsModel;
import dev.chokepoint.collector.signals.Unit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.function.UnaryOperator;

/** Two reports to one comparison: steps matched by offered rate, costs judged against the runs' noise. */
public final class CompareBuilder {

    private static final int TOP_STATEMENTS = 5;
    /** The process CPU resource of the rule set. */
    private static final String CPU_RESOURCE = "cpu";

    private final RunSummary base;
    private final RunSummary now;
    private final Thresholds thresholds;
    private final Noise noise;
    private final HostContention host;

    private CompareBuilder(ReportModel base, ReportModel now, Thresholds thresholds) {
        RunSummary b = new RunSummary(base);
        RunSummary n = new RunSummary(now);
        ComparedSteps compared = ComparedSteps.of(b, n);
        this.base = b.at(compared.base());
        this.now = n.at(compared.now());
        this.thresholds = thresholds;
        this.noise = new Noise(thresholds.noiseFloor());
        this.host = HostContention.of(this.base, this.now);
    }

    public static CompareModel of(ReportModel base, String baseSource, ReportModel now, String nowSource, Thresholds t) {
        return new CompareBuilder(base, now, t).build(baseSource, nowSource);
    }

    private CompareModel build(String baseSource, String nowSource) {
        CompareModel.RunRef b = ref(base, baseSource);
        CompareModel.RunRef n = ref(now, nowSource);
        CompareModel.Gate gate = gate();
        return new CompareModel(CompareModel.SCHEMA, CompareHeadline.of(b, n, gate), b, n, steps(), costs(), routes(),
                statements(), resources(), prediction(), gate);
    }

    private static CompareModel.RunRef ref(RunSummary s, String source) {
        StepModel bottleneck = s.bottleneckStep().orElse(null);
        return new CompareModel.RunRef(source, s.report.headline(), s.capacity(), s.highestAchieved(),
                bottleneck == null ? "none" : bottleneck.firstSaturated().resource(),
                bottleneck == null ? "none" : bottleneck.firstSaturated().name(),
                bottleneck == null ? null : bottleneck.index(), s.reference.stream().map(StepModel::index).toList());
    }

    private List<CompareModel.StepRow> steps() {
        List<CompareModel.StepRow> rows = new ArrayList<>();
        List<StepModel> unmatched = new ArrayList<>(now.report.steps());
        for (StepModel b : base.report.steps()) {
            StepModel match = unmatched.stream().filter(x -> ComparedSteps.sameRate(b.offeredRps(), x.offeredRps())).findFirst()
                    .orElse(null);
            unmatched.remove(match);
            rows.add(new CompareModel.StepRow(b.offeredRps(), side(base.report, b), match == null ? null : side(now.report, match)));
        }
        unmatched.forEach(x -> rows.add(new CompareModel.StepRow(x.offeredRps(), null, side(now.report, x))));
        rows.sort(Comparator.comparingDouble(CompareModel.StepRow::offeredRps));
        return rows;
    }

    private static CompareModel.StepSide side(ReportModel r, StepModel s) {
        String verdict = s.firstSaturated().name() != null ? s.firstSaturated().name() : s.firstSaturated().resource();
        return new CompareModel.StepSide(s.index(), s.traffic().achievedRps(), s.traffic().p95Seconds(),
                s.traffic().p99Seconds(), s.traffic().errorRate(), verdict);
    }

    private List<CompareModel.CostRow> costs() {
        List<CompareModel.CostRow> rows = new ArrayList<>(List.of(cost("CPU", RouteModel::cpuSeconds, this::cpuMeasure),
                cost("pool wait", RouteModel::poolWaitSeconds, this::timeMeasure),
                cost("JDBC", RouteModel::jdbcSeconds, this::timeMeasure), cost("remote", RouteModel::remoteSeconds, this::timeMeasure),
                cost("wall", RouteModel::wallSeconds, this::timeMeasure)));
        waitRow(rows, "core wait", WaitsModel::coreWaitSeconds);
        waitRow(rows, "lock wait", WaitsModel::lockSeconds);
        waitRow(rows, "park wait", WaitsModel::parkSeconds);
        waitRow(rows, "socket wait", WaitsModel::socketSeconds);
        return List.copyOf(rows);
    }

    /** The request threads' waits, where either run measured them: what a fix to a lock or an executor moved. */
    private void waitRow(List<CompareModel.CostRow> rows, String part, ToDoubleFunction<WaitsModel> f) {
        RunSummary.Cost b = base.waitCost(f);
        RunSummary.Cost n = now.waitCost(f);
        if (!Double.isNaN(b.perRequest()) || !Double.isNaN(n.perRequest())) {
            rows.add(new CompareModel.CostRow(part, timeMeasure(noise.judge(b, n, false))));
        }
    }

    private CompareModel.CostRow cost(String part, ToDoubleFunction<RouteModel> f, UnaryOperator<Metric> gated) {
        return new CompareModel.CostRow(part, gated.apply(noise.judge(base.cost(f), now.cost(f), false)));
    }

    /*
     * Every figure is shown as the gate treats it on these runs' hosts, so the page never calls
     * better or worse what the gate says it cannot judge: CPU where HostContention.cpuComparable(),
     * times and busy-time demands where HostContention.comparable(); otherwise "not judged", with the reason.
     */

    private Metric cpuMeasure(Metric m) {
        return host.cpuComparable() ? m : m.notJudged(host.cpuWhy());
    }

    private Metric timeMeasure(Metric m) {
        return host.comparable() ? m : m.notJudged(host.why());
    }

    private List<CompareModel.RouteRow> routes() {
        Set<String> names = new LinkedHashSet<>(now.routeNames());
        names.addAll(base.routeNames());
        return names.stream().map(r -> new CompareModel.RouteRow(r, cpuMeasure(route(r, RouteModel::cpuSeconds)),
                timeMeasure(route(r, RouteModel::poolWaitSeconds)), timeMeasure(route(r, RouteModel::jdbcSeconds)),
                timeMeasure(route(r, RouteModel::remoteSeconds)), timeMeasure(route(r, RouteModel::wallSeconds)))).toList();
    }

    private Metric route(String route, ToDoubleFunction<RouteModel> f) {
        return noise.judge(base.cost(route, f), now.cost(route, f), false);
    }

    private List<CompareModel.StatementRow> statements() {
        Map<String, double[]> b = base.statements();
        Map<String, double[]> n = now.statements();
        Set<String> queries = new LinkedHashSet<>(n.keySet());
        queries.addAll(b.keySet());
        return queries.stream().map(q -> new CompareModel.StatementRow(q,
                        timeMeasure(Noise.judge(mean(b.get(q)), mean(n.get(q)), thresholds.noiseFloor(), false)), share(b.get(q)),
                        share(n.get(q))))
                .sorted(Comparator.comparingDouble((CompareModel.StatementRow s) -> Math.max(nz(s.baseShare()), nz(s.nowShare())))
                        .reversed())
                .limit(TOP_STATEMENTS).toList();
    }

    private static double mean(double[] a) {
        return a == null || a[0] == 0 ? Double.NaN : a[1] / a[0];
    }

    private static double share(double[] a) {
        return a == null ? Double.NaN : a[2] / a[3];
    }

    private static double nz(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    private List<CompareModel.ResourceRow> resources() {
        Set<String> ids = new LinkedHashSet<>();
        base.report.demands().forEach(d -> ids.add(d.resource()));
        now.report.demands().forEach(d -> ids.add(d.resource()));
        List<CompareModel.ResourceRow> rows = new ArrayList<>();
        for (String id : ids) {
            ReportModel.DemandModel b = demand(base.report, id);
            ReportModel.DemandModel n = demand(now.report, id);
            Metric d = Noise.judge(b == null ? Double.NaN : b.utilizationPerRps(), n == null ? Double.NaN : n.utilizationPerRps(),
                    thresholds.noiseFloor(), false);
            // The CPU's demand is CPU seconds per request, the others' busy time per request: judged as those are.
            Metric judged = CPU_RESOURCE.equals(id) ? cpuMeasure(d) : timeMeasure(d);
            rows.add(new CompareModel.ResourceRow(id, now.report.nameOf(id), judged,
                    b == null ? Double.NaN : b.boundRps(), n == null ? Double.NaN : n.boundRps()));
        }
        return rows;
    }

    private static ReportModel.DemandModel demand(ReportModel r, String id) {
        return r.demands().stream().filter(d -> d.resource().equals(id)).findFirst().orElse(null);
    }

    private CompareModel.PredictionCheck prediction() {
        ReportModel.NextBottleneckModel p = base.report.nextBottleneck();
        if (p == null) {
            return null;
        }
        String name = base.report.nameOf(p.resource());
        StepModel first = now.bottleneckStep().orElse(null);
        if (first == null) {
            return new CompareModel.PredictionCheck(base.report.nameOf(p.after()), p.resource(), name, p.boundRps(), "none", "none", Double.NaN,
                    "not reached: nothing saturated in the new run (highest achieved " + Unit.num(now.highestAchieved()) + " RPS)");
        }
        String measured = first.firstSaturated().resource();
        String measuredName = first.firstSaturated().name();
        double limit = now.measuredLimit(measured);
        if (measured.equals(p.after())) {
            // The prediction is about the limit after this one: a run where it still limits first cannot test it.
            return new CompareModel.PredictionCheck(base.report.nameOf(p.after()), p.resource(), name, p.boundRps(), measured,
                    measuredName, limit, "not tested: the " + measuredName + " still limits the new run first, so what "
                    + "limits after it is not reached");
        }
        String at = Double.isNaN(limit) ? "it saturated at step " + first.index() + " while the service still kept up with "
                + Unit.num(first.offeredRps()) + " RPS" : "measured limit ≈ " + Unit.num(limit) + " RPS";
        if (RunSummary.unattributed(measured)) {
            return new CompareModel.PredictionCheck(base.report.nameOf(p.after()), p.resource(), name, p.boundRps(), measured,
                    measuredName, limit, "refuted: the new run fell behind at step " + first.index() + " (" + at + ") with no "
                    + "rule naming the resource: " + first.firstSaturated().summary());
        }
        String outcome = measured.equals(p.resource())
                ? "confirmed: " + name + " limits the new run first; " + at
                + (Double.isNaN(limit) ? "" : ", predicted ≈ " + Unit.num(p.boundRps()) + " RPS ("
                + Unit.signedPercent((p.boundRps() - limit) / limit) + " off)")
                : "refuted: " + measuredName + " limits the new run first (" + at + ")";
        if (p.caveat() != null) {
            outcome += "; the base run said of its bound: " + p.caveat();
        }
        return new CompareModel.PredictionCheck(base.report.nameOf(p.after()), p.resource(), name, p.boundRps(), measured, measuredName, limit,
                outcome);
    }

    private CompareModel.Gate gate() {
        Metric capacity = Noise.judge(base.capacity(), now.capacity(),
                Math.max(thresholds.noiseFloor(), Math.max(Noise.spread(base.delivery()), Noise.spread(now.delivery()))), true);
        if (!Double.isNaN(base.capacity()) && Double.isNaN(now.capacity())) {
            capacity = new Metric(base.capacity(), now.capacity(), -1, capacity.noise(), Change.WORSE);
        }
        Metric cpu = noise.judge(base.cost(RouteModel::cpuSeconds), now.cost(RouteModel::cpuSeconds), false);
        Metric db = noise.judge(base.cost(RouteModel::jdbcSeconds), now.cost(RouteModel::jdbcSeconds), false);
        List<String> regressions = new ArrayList<>();
        List<String> notJudged = new ArrayList<>();
        if (capacity.verdict() == Change.WORSE && -capacity.change() > thresholds.capacityDrop()) {
            String what = "capacity within the SLO " + rps(capacity.base()) + " → " + rps(capacity.now()) + " RPS";
            beyond(host.comparable(), what, host.notJudged(what), regressions, notJudged);
        }
        if (cpu.verdict() == Change.WORSE && cpu.change() > thresholds.cpuRise()) {
            String what = "CPU per request " + perRequest(cpu);
            beyond(host.cpuComparable(), what, host.cpuNotJudged(what), regressions, notJudged);
        }
        if (db.verdict() == Change.WORSE && db.change() > thresholds.databaseRise()) {
            String what = "database time per request " + perRequest(db);
            beyond(host.comparable(), what, host.notJudged(what), regressions, notJudged);
        }
        return new CompareModel.Gate(timeMeasure(capacity), cpuMeasure(cpu), timeMeasure(db), thresholds.capacityDrop(),
                thresholds.cpuRise(), thresholds.databaseRise(), List.copyOf(regressions), List.copyOf(notJudged));
    }

    /** A measure beyond its threshold: a regression where the hosts let it be judged, else listed as not judged, with why. */
    private static void beyond(boolean judged, String what, String whyNot, List<String> regressions, List<String> notJudged) {
        if (judged) {
            regressions.add(what);
        } else {
            notJudged.add(whyNot);
        }
    }

    /** "159 ms → 178 ms (+12 %, noise ±5 %)". */
    private static String perRequest(Metric m) {
        return Unit.SECONDS.format(m.base()) + " → " + Unit.SECONDS.format(m.now()) + " (" + Unit.signedPercent(m.change())
                + ", noise ±" + Unit.RATIO.format(m.noise()) + ")";
    }

    static String rps(double v) {
        return Double.isNaN(v) ? "none" : Unit.num(v);
    }
}
