package dev.chokepoint.collector.report;

import dev.chokepoint.collector.compare.CompareModel;
import dev.chokepoint.collector.compare.CompareModel.Change;
import dev.chokepoint.collector.compare.CompareModel.Metric;
import dev.chokepoint.collector.compare.CompareModel.StepSide;
import dev.chokepoint.collector.signals.Unit;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The one walk over a comparison that Markdown and HTML share, on the report's pages: headline,
 * the two runs, steps side by side, per-request costs, routes, statements, resources, the base
 * run's prediction against the new run, and what --fail-on-regression judges.
 */
final class CompareLayout {

    private final CompareModel c;
    private final Page page;

    private CompareLayout(CompareModel c, Page page) {
        this.c = c;
        this.page = page;
    }

    static byte[] render(CompareModel c, Page page) {
        new CompareLayout(c, page).all();
        return page.finish();
    }

    private void all() {
        page.title(c.headline());
        page.bullets(List.of(run("Base", c.base()), run("New", c.now()),
                Inline.plain("Costs are judged at the steps both runs served with nothing saturated (base steps "
                        + c.base().referenceSteps() + ", new steps " + c.now().referenceSteps() + "), weighted by their requests; "
                        + "a change inside the runs' own step-to-step spread is marked noise, not better or worse, and one the "
                        + "hosts' load explains is marked not judged.")));
        prediction();
        steps();
        costs();
        routes();
        statements();
        resources();
        gate();
    }

    private static Inline run(String label, CompareModel.RunRef r) {
        return Inline.bold(label).and(" (").andCode(r.source()).and("): " + r.headline());
    }

    private void prediction() {
        CompareModel.PredictionCheck p = c.prediction();
        if (p == null) {
            return;
        }
        page.heading("Predicted vs measured");
        page.table(List.of("", "resource", "RPS"), new boolean[] {false, false, true}, List.of(
                List.of(Inline.plain("predicted by the base run (after " + p.after() + ")"), Inline.plain(p.name()),
                        Inline.plain(ReportText.rps(p.predictedRps()))),
                List.of(Inline.plain("measured in the new run"), Inline.plain(p.measuredName()),
                        Inline.plain(ReportText.rps(p.measuredRps())))));
        page.paragraph(Inline.plain(capitalize(p.outcome()) + "."));
    }

    private void steps() {
        page.heading("Steps (matched by offered rate)");
        List<List<Inline>> rows = new ArrayList<>();
        for (CompareModel.StepRow s : c.steps()) {
            rows.add(List.of(Inline.plain(ReportText.rps(s.offeredRps())),
                    pair(s, x -> ReportText.rps(x.achievedRps())), pair(s, x -> ReportText.seconds(x.p95Seconds())),
                    pair(s, x -> ReportText.seconds(x.p99Seconds())), pair(s, x -> ReportText.ratio(x.errorRate())),
                    pair(s, StepSide::verdict)));
        }
        page.table(List.of("offered RPS", "achieved RPS", "p95", "p99", "errors", "first saturated"),
                new boolean[] {true, true, true, true, true, false}, rows);
    }

    private static Inline pair(CompareModel.StepRow s, Function<StepSide, String> f) {
        return Inline.plain((s.base() == null ? "—" : f.apply(s.base())) + " → " + (s.now() == null ? "—" : f.apply(s.now())));
    }

    private void costs() {
        page.heading("Per-request cost (all routes)");
        page.table(List.of("part", "base", "new", "change", "noise", "verdict"), new boolean[] {false, true, true, true, true, false},
                c.costs().stream().map(r -> metricRow(Inline.plain(r.part()), r.perRequest(), Unit.SECONDS)).toList());
    }

    private void routes() {
        if (c.routes().isEmpty()) {
            return;
        }
        page.heading("Per route (time per request)");
        List<List<Inline>> rows = new ArrayList<>();
        for (CompareModel.RouteRow r : c.routes()) {
            rows.add(List.of(new Inline(List.of()).andCode(r.route()), cell(r.cpu()), cell(r.poolWait()), cell(r.jdbc()),
                    cell(r.remote()), cell(r.wall())));
        }
        page.table(List.of("route", "CPU", "pool wait", "JDBC", "remote", "wall"), new boolean[] {false, true, true, true, true, true},
                rows);
    }

    private void statements() {
        if (c.statements().isEmpty()) {
            return;
        }
        page.heading("Top statements");
        page.table(List.of("statement", "mean", "share of statement time"), new boolean[] {false, true, true},
                c.statements().stream().map(s -> List.of(new Inline(List.of()).andCode(s.query()),
                        cell(s.mean()), Inline.plain(ReportText.ratio(s.baseShare()) + " → " + ReportText.ratio(s.nowShare()))))
                        .toList());
    }

    private void resources() {
        if (c.resources().isEmpty()) {
            return;
        }
        page.heading("Resources (utilization law)");
        page.table(List.of("resource", "utilization per RPS", "throughput bound"), new boolean[] {false, true, true},
                c.resources().stream().map(r -> List.of(Inline.plain(r.name()), cell(r.demand(), Unit.RATIO),
                        Inline.plain(ReportText.rps(r.baseBoundRps()) + " → " + ReportText.rps(r.nowBoundRps()) + " RPS"))).toList());
    }

    private void gate() {
        CompareModel.Gate g = c.gate();
        page.heading("Regression check (--fail-on-regression)");
        page.table(List.of("measure", "base", "new", "change", "noise", "verdict"), new boolean[] {false, true, true, true, true, false},
                List.of(metricRow(Inline.plain("capacity within the SLO (RPS, fails below −" + ReportText.ratio(g.capacityDrop()) + ")"),
                                g.capacity(), Unit.COUNT),
                        metricRow(Inline.plain("CPU per request (fails above +" + ReportText.ratio(g.cpuRise()) + ")"),
                                g.cpuPerRequest(), Unit.SECONDS),
                        metricRow(Inline.plain("database time per request (fails above +" + ReportText.ratio(g.databaseRise()) + ")"),
                                g.databasePerRequest(), Unit.SECONDS)));
        page.paragraph(g.regressions().isEmpty() ? Inline.plain("No regression beyond the noise and thresholds.")
                : Inline.bold("Regression").and(": " + String.join("; ", g.regressions()) + "."));
        if (!g.notJudged().isEmpty()) {
            page.paragraph(Inline.bold("Not judged").and(": " + String.join("; ", g.notJudged()) + "."));
        }
    }

    private static List<Inline> metricRow(Inline label, Metric m, Unit unit) {
        return List.of(label, Inline.plain(unit.format(m.base())), Inline.plain(unit.format(m.now())),
                Inline.plain(Unit.signedPercent(m.change())), Inline.plain("±" + ReportText.ratio(m.noise())), verdict(m));
    }

    private static Inline cell(Metric m) {
        return cell(m, Unit.SECONDS);
    }

    /** "8.9 ms → 13.4 ms (+51 %, worse)". */
    private static Inline cell(Metric m, Unit unit) {
        String s = unit.format(m.base()) + " → " + unit.format(m.now());
        if (m.verdict() == Change.UNKNOWN) {
            return Inline.plain(s);
        }
        String text = s + " (" + Unit.signedPercent(m.change()) + ", " + word(m) + ")";
        return m.verdict() == Change.WORSE ? Inline.bold(text) : Inline.plain(text);
    }

    private static Inline verdict(Metric m) {
        return m.verdict() == Change.WORSE ? Inline.bold(word(m)) : Inline.plain(word(m));
    }

    /** The verdict as the page says it; a figure the gate does not judge says why, never better or worse. */
    private static String word(Metric m) {
        return switch (m.verdict()) {
            case BETTER -> "better";
            case WORSE -> "worse";
            case NOISE -> "noise";
            case UNKNOWN -> "n/a";
            case NOT_JUDGED -> "not judged (" + m.notJudged() + ")";
        };
    }

    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
