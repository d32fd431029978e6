package dev.chokepoint.collector.report;

import dev.chokepoint.collector.report.model.ReportModel;
import dev.chokepoint.collector.report.model.ReportModel.ConsequenceModel;
import dev.chokepoint.collector.report.model.ReportModel.FirstSaturatedModel;
import dev.chokepoint.collector.report.model.ReportModel.StepModel;
import dev.chokepoint.collector.signals.SignalCatalog;
import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.steps.StepNote;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one walk over the report model that both human formats share: what each section shows, in
 * which order. Markdown and HTML differ only in their {@link Page}.
 */
final class ReportLayout {

    private static final String BACKGROUND = "host CPU used by other processes";
    /** What the report says of a step after a recording's end, in every format. */
    private static final String NOT_RECORDED = "not recorded";

    private final ReportModel r;
    private final Page page;

    private ReportLayout(ReportModel r, Page page) {
        this.r = r;
        this.page = page;
    }

    static byte[] render(ReportModel r, Page page) {
        new ReportLayout(r, page).all();
        return page.finish();
    }

    private void all() {
        page.title(r.headline());
        page.bullets(List.of(
                Inline.plain("SLO: " + r.slo().description() + (r.knee() == null ? " — no step met it"
                        : " — knee: step " + r.knee().step() + " (" + ReportText.rps(r.knee().offeredRps()) + " RPS)")),
                Inline.plain("Run: " + ReportText.date(r.run().startMillis()) + " → " + ReportText.date(r.run().endMillis())
                        + ", targets: " + String.join(", ", r.run().targets().stream()
                                .map(t -> t + (hostView(t) ? " (the collector's view of this host)" : ReportText.processes(r, t)))
                                .toList()))));
        if (r.nextBottleneck() != null) {
            page.paragraph(Inline.bold("Next bottleneck").and(": " + ReportText.next(r, r.nextBottleneck())
                    + " (utilization law over the unsaturated steps)."));
        }
        partial();
        recording();
        steps();
        limits();
        fleet();
        page.charts(TimeCharts.of(r));
        evidence();
        use();
        hostCores();
        law();
        costs();
        rules();
        events();
    }

    private void partial() {
        if (r.partial()) {
            page.quote(Inline.bold("Partial data").and(": part of the run window is missing, so a verdict below may be wrong:"),
                    r.gaps().stream().map(Inline::plain).toList());
        }
    }

    /** Where a recording cut short ends, why, and which steps it does not hold (they are not judged). */
    private void recording() {
        ReportModel.RecordingModel rec = r.recording();
        if (rec == null || rec.endMillis() == null) {
            return;
        }
        List<Inline> notes = new ArrayList<>();
        if (rec.unreadableBytes() > 0) {
            notes.add(Inline.plain(rec.unreadableBytes() + " bytes of samples.gz after the last record read could not be read."));
        }
        notes.add(Inline.plain("Steps after the recording's end are listed as " + NOT_RECORDED + " and not judged: "
                + "no verdict, death, restart or collapse is read from what is missing (docs/run-folder.md)."));
        page.quote(Inline.bold("Recording cut short").and(": " + rec.text()), notes);
    }

    private void steps() {
        page.heading("Steps");
        List<List<Inline>> rows = new ArrayList<>();
        for (StepModel s : r.steps()) {
            FirstSaturatedModel f = s.firstSaturated();
            String first = ReportText.firstSaturated(r, s);
            rows.add(List.of(Inline.plain(String.valueOf(s.index())), Inline.plain(ReportText.rps(s.offeredRps())),
                    Inline.plain(ReportText.rps(s.traffic().achievedRps())), Inline.plain(ReportText.seconds(s.traffic().p95Seconds())),
                    Inline.plain(ReportText.seconds(s.traffic().p99Seconds())), Inline.plain(ReportText.ratio(s.traffic().errorRate())),
                    Inline.plain(ReportText.slo(s)), f.rule() == null ? Inline.plain(first) : Inline.bold(first),
                    Inline.plain(ReportText.clock(s.onsetMillis())),
                    Inline.plain(String.join(", ", s.consequences().stream().map(c -> ReportText.consequence(r, c)).toList()))));
        }
        if (r.recording() != null) {
            List<List<Inline>> before = new ArrayList<>();
            for (ReportModel.NotRecordedModel s : r.recording().notRecorded()) {
                List<Inline> row = List.of(Inline.plain(s.index() == null ? "–" : String.valueOf(s.index())),
                        Inline.plain(ReportText.rps(s.offeredRps())), Inline.plain(""), Inline.plain(""), Inline.plain(""),
                        Inline.plain(""), Inline.plain(""), Inline.plain(NOT_RECORDED + ": " + s.why()),
                        Inline.plain(""), Inline.plain(""));
                (s.index() == null ? before : rows).add(row);
            }
            rows.addAll(0, before);
        }
        page.table(List.of("step", "offered RPS", "achieved RPS", "p95", "p99", "errors", "SLO", "first saturated", "onset",
                "consequences"), new boolean[] {true, true, true, true, true, true, false, false, false, false}, rows);
        page.paragraph(Inline.plain("Steps: " + String.join(", ", r.steps().stream().map(StepModel::stepSource).distinct()
                .map(ReportLayout::stepSource).toList()) + ". Latency and errors: "
                + (r.steps().stream().anyMatch(s -> s.traffic().source().equals("client"))
                ? "from the load tool (client) where it reported them, else from" : "from") + " the servers' request timers (server)."));
        if (!r.stepNotes().isEmpty()) {
            page.paragraph(Inline.bold("Load the detected steps merged or left out").and(": where the steps are found in"
                    + " the servers' rate, an offered step can read as part of another, or drop out as a ramp; each"
                    + " such stretch of " + StepNote.MIN_MILLIS / 1000 + " s or more:"));
            page.bullets(r.stepNotes().stream().map(n -> Inline.plain(n.text())).toList());
        }
    }

    private void limits() {
        List<StepModel> limited = r.steps().stream().filter(s -> s.limit().limited()).toList();
        if (limited.isEmpty()) {
            return;
        }
        page.heading("Limited steps");
        page.paragraph(Inline.plain("Steps where the service did not keep up with the load, judged from the symptoms "
                + "before any rule (a limited step no rule explains is reported as unattributed):"));
        page.bullets(limited.stream().map(s -> Inline.bold("Step " + s.index() + " (" + ReportText.rps(s.offeredRps()) + " RPS)")
                .and(": " + String.join("; ", s.limit().symptoms().stream().map(ReportModel.SymptomModel::text).toList())
                        + " → " + ReportText.firstSaturated(r, s))).toList());
    }

    private static String stepSource(String source) {
        return switch (source) {
            case "schedule" -> "from the load schedule (schedule)";
            case "detected" -> "detected from the server's request rate (detected)";
            case "uncovered" -> "load no other step covered, offered what the step before was (uncovered)";
            default -> "from the load tool's output (" + source + ")";
        };
    }

    private void fleet() {
        if (r.fleet() == null) {
            return;
        }
        page.heading("Fleet");
        page.table(List.of("step", "first saturated", "limit", "instances saturated"), new boolean[] {true, false, false, false},
                r.fleet().steps().stream().map(f -> List.of(Inline.plain(String.valueOf(f.index())), Inline.plain(f.resource()),
                        Inline.plain(FleetText.limit(f)), Inline.plain(FleetText.saturatedInstances(f)))).toList());
        for (ReportModel.FleetStepModel f : r.fleet().steps()) {
            if (f.limit() == null) {
                continue;
            }
            page.paragraph(Inline.plain("Step " + f.index() + ": " + f.resource() + " " + f.explanation()));
            page.table(List.of("instance", "requests/s", "share", "saturated", "own first saturated"),
                    new boolean[] {false, true, true, false, false},
                    f.instances().stream().map(i -> List.of(Inline.plain(i.instance()), Inline.plain(ReportText.rps(i.requestRate())),
                            Inline.plain(ReportText.ratio(i.requestShare())), Inline.plain(FleetText.saturated(i)),
                            Inline.plain(FleetText.own(i)))).toList());
        }
    }

    private void evidence() {
        page.heading("Evidence");
        for (StepModel s : r.steps()) {
            FirstSaturatedModel f = s.firstSaturated();
            if (f.rule() == null) {
                continue;
            }
            page.subheading("Step " + s.index() + " (" + ReportText.rps(s.offeredRps()) + " RPS): " + f.name() + " saturated first");
            page.paragraph(Inline.plain("Rule ").andCode(f.rule()).and(" (" + f.severity() + ") on " + f.target() + ", from "
                    + ReportText.onset(s, f.onsetMillis()) + ": " + f.summary() + "."));
            page.quote(Inline.plain(f.advice()), List.of());
            page.table(List.of("signal", "mean while it held"), new boolean[] {false, true}, signalRows(f));
            for (ConsequenceModel c : s.consequences()) {
                page.paragraph(Inline.plain("Then: ").andBold(ReportText.consequence(r, c)).and(", rule ").andCode(c.rule())
                        .and(" (" + c.severity() + ") on " + c.target() + ", from " + ReportText.onset(s, c.onsetMillis())
                                + ": " + c.summary()));
            }
        }
    }

    private static List<List<Inline>> signalRows(FirstSaturatedModel f) {
        List<List<Inline>> rows = new ArrayList<>();
        f.labels().forEach((k, v) -> rows.add(List.of(Inline.plain(k), new Inline(List.of()).andCode(v))));
        for (Map.Entry<String, Double> e : f.evidence().entrySet()) {
            if (!Double.isNaN(e.getValue())) { // the target lacks this signal; report.json keeps it as null
                Unit u = SignalCatalog.signal(e.getKey()).map(x -> x.unit()).orElse(Unit.COUNT);
                rows.add(List.of(Inline.plain(e.getKey()), Inline.plain(u.format(e.getValue()))));
            }
        }
        return rows;
    }

    private void use() {
        List<ReportModel.ResourceModel> measured = r.resourceCatalog().stream().filter(this::measured).toList();
        if (measured.isEmpty()) {
            return;
        }
        page.heading("Utilization / saturation per step");
        page.paragraph(Inline.plain("Utilization as a share of capacity, saturation on the resource's own scale; ")
                .andBold("bold").and(" = saturated."));
        List<String> header = new ArrayList<>(List.of("resource"));
        r.steps().forEach(s -> header.add("step " + s.index()));
        boolean[] numeric = new boolean[header.size()];
        java.util.Arrays.fill(numeric, 1, numeric.length, true);
        List<List<Inline>> rows = new ArrayList<>();
        for (ReportModel.ResourceModel res : measured) {
            List<Inline> row = new ArrayList<>(List.of(Inline.plain(res.name())));
            for (StepModel s : r.steps()) {
                row.add(s.resources().stream().filter(u -> u.resource().equals(res.id())).findFirst()
                        .map(ReportText::use).orElse(Inline.plain("")));
            }
            rows.add(row);
        }
        boolean background = r.steps().stream().anyMatch(s -> !Double.isNaN(s.backgroundHostCpu()));
        if (background) {
            // Not a resource of the service, but what its wall and JDBC times were measured under.
            List<Inline> row = new ArrayList<>(List.of(Inline.plain(BACKGROUND)));
            r.steps().forEach(s -> row.add(Inline.plain(ReportText.ratio(s.backgroundHostCpu()))));
            rows.add(row);
        }
        page.table(header, numeric, rows);
        page.bullets(r.resourceCatalog().stream().map(res -> Inline.bold(res.name()).and(": utilization = "
                + res.utilization() + "; saturation = " + res.saturation()
                + (measured.contains(res) ? "" : " (not measured: no target had its signals)"))).toList());
        if (background) {
            page.paragraph(Inline.bold(BACKGROUND).and(": the host's CPU use minus the service's own, as a share of the "
                    + "host's cores (mean over the step): the neighbours' load that wall and JDBC times include."));
        }
    }

    /**
     * Who used the host's cores, per step (the collector's host view, recorded where the service
     * ran on the collector's host): the service, its dependencies there, the load generator, the
     * collector, and the rest of the host.
     */
    private void hostCores() {
        List<String> names = new ArrayList<>();
        Map<String, String> processes = new LinkedHashMap<>();
        for (StepModel s : r.steps()) {
            for (ReportModel.HostPartModel p : hostParts(s)) {
                if (!names.contains(p.name())) {
                    names.add(p.name());
                }
                processes.putIfAbsent(p.name(), p.process());
            }
        }
        if (names.isEmpty()) {
            return;
        }
        page.heading("Who used the host's cores");
        List<String> header = new ArrayList<>(List.of("part of the run"));
        r.steps().forEach(s -> header.add("step " + s.index()));
        boolean[] numeric = new boolean[header.size()];
        java.util.Arrays.fill(numeric, 1, numeric.length, true);
        List<List<Inline>> rows = new ArrayList<>();
        for (String name : names) {
            String process = processes.get(name);
            List<Inline> row = new ArrayList<>(List.of(Inline.plain(name + (process == null || process.isEmpty() ? "" : " (" + process + ")"))));
            for (StepModel s : r.steps()) {
                row.add(Inline.plain(hostParts(s).stream().filter(p -> p.name().equals(name)).findFirst()
                        .map(p -> ReportText.ratio(p.share())).orElse("")));
            }
            rows.add(row);
        }
        page.table(header, numeric, rows);
        page.paragraph(Inline.plain("Each part's processes' CPU over the step, as a share of the host's cores, read by the "
                + "collector on this host (/proc): a dependency is named by the address the service connected to; "
                + "others is the host's busy CPU that no part accounts for."));
    }

    private boolean hostView(String target) {
        return r.run().hostViews() != null && r.run().hostViews().contains(target);
    }

    /** A step's host parts; none in a report written before they existed. */
    private static List<ReportModel.HostPartModel> hostParts(StepModel s) {
        return s.hostParts() == null ? List.of() : s.hostParts();
    }

    /** Measured on some target at some step (a resource no target had signals for says nothing). */
    private boolean measured(ReportModel.ResourceModel res) {
        return r.steps().stream().flatMap(s -> s.resources().stream())
                .anyMatch(u -> u.resource().equals(res.id()) && !(Double.isNaN(u.utilization()) && Double.isNaN(u.saturation())));
    }

    private static String basis(ReportModel.DemandModel d) {
        if (d.sharedUtilization() != null) {
            return " (shared with other processes: " + d.sharedUtilization() + ")";
        }
        if (d.requestUtilization() == null) {
            return "";
        }
        return " (from the requests' own use, " + d.requestUtilization() + ": the unsaturated steps could not separate it from the background"
                + (d.backgroundUtilization() > 0 ? "; U0: what other processes used of the host then" : "") + ")";
    }

    private void law() {
        if (r.demands().isEmpty()) {
            return;
        }
        page.heading("Utilization law (predicted limits)");
        page.paragraph(Inline.plain("Per resource, utilization U = U0 + D · X fitted over the steps where nothing saturated "
                + "(time-integrated: busy seconds per second), so throughput X ≤ (1 − U0) / D; lowest bound first."));
        page.table(List.of("resource", "utilization per RPS (D)", "background (U0)", "throughput bound"),
                new boolean[] {false, true, true, true},
                r.demands().stream().map(d -> List.of(Inline.plain(r.nameOf(d.resource()) + basis(d)),
                        Inline.plain(ReportText.ratio(d.utilizationPerRps())), Inline.plain(ReportText.ratio(d.backgroundUtilization())),
                        Inline.plain(ReportText.bound(d.boundRps(), d.lowRps(), d.highRps()) + ReportText.caveat(d.caveat())))).toList());
        ReportModel.PredictionModel p = r.prediction();
        if (p != null) {
            String outcome = p.matched() == null ? "nothing saturated in this run, so it is not yet checked"
                    : p.matched() ? "confirmed: it saturated first at step " + p.actualStep()
                    : "not confirmed: " + r.nameOf(p.actualResource()) + " saturated first at step " + p.actualStep();
            page.paragraph(Inline.plain("Predicted from steps " + p.fromSteps() + ": " + r.nameOf(p.resource()) + " limits at ≈ "
                    + ReportText.rps(p.boundRps()) + " RPS" + ReportText.caveat(p.caveat()) + "; " + outcome + "."));
        }
    }

    /** What a request cost per route, and the statements that took the time, step by step. */
    private void costs() {
        List<List<Inline>> routes = new ArrayList<>();
        List<List<Inline>> statements = new ArrayList<>();
        for (StepModel s : r.steps()) {
            String step = String.valueOf(s.index());
            s.routes().forEach(c -> routes.add(List.of(Inline.plain(step), new Inline(List.of()).andCode(c.route()),
                    Inline.plain(ReportText.rps(c.rps())), Inline.plain(ReportText.seconds(c.wallSeconds())),
                    Inline.plain(ReportText.seconds(c.cpuSeconds())), Inline.plain(ReportText.seconds(c.poolWaitSeconds())),
                    Inline.plain(ReportText.seconds(c.jdbcSeconds())), Inline.plain(ReportText.seconds(c.remoteSeconds())))));
            s.statements().forEach(c -> statements.add(List.of(Inline.plain(step),
                    new Inline(List.of()).andCode(c.query()), Inline.plain(ReportText.rps(c.callsPerSecond())),
                    Inline.plain(ReportText.seconds(c.meanSeconds())), Inline.plain(ReportText.ratio(c.share())))));
        }
        if (!routes.isEmpty()) {
            page.heading("Cost per request");
            page.table(List.of("step", "route", "RPS", "wall", "CPU", "pool wait", "JDBC", "remote"),
                    new boolean[] {true, false, true, true, true, true, true, true}, routes);
        }
        waits();
        if (!statements.isEmpty()) {
            page.heading("Top statements");
            page.table(List.of("step", "statement", "calls/s", "mean", "share of statement time"),
                    new boolean[] {true, false, true, true, true}, statements);
        }
    }

    /** The request threads' waits per request, all routes together (the agent counts them per process). */
    private void waits() {
        List<List<Inline>> rows = new ArrayList<>();
        for (StepModel s : r.steps()) {
            ReportModel.WaitsModel w = s.waits();
            if (w != null && !(Double.isNaN(w.coreWaitSeconds()) && Double.isNaN(w.lockSeconds())
                    && Double.isNaN(w.parkSeconds()) && Double.isNaN(w.socketSeconds()))) {
                rows.add(List.of(Inline.plain(String.valueOf(s.index())), Inline.plain(ReportText.seconds(w.coreWaitSeconds())),
                        Inline.plain(ReportText.seconds(w.lockSeconds())), Inline.plain(ReportText.seconds(w.parkSeconds())),
                        Inline.plain(ReportText.seconds(w.socketSeconds()))));
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        page.heading("Request threads' waits");
        page.paragraph(Inline.plain("Per request, all routes together: waiting for a core (runnable, CPU withheld), blocked "
                + "on a synchronized monitor (lock), parked (j.u.c locks, an executor's or an async client's future, queues), "
                + "in sockets of clients without a probe. Waits of 1 ms or more, not inside a pool acquire, a statement or a "
                + "probed outbound call; n/a where not recorded."));
        page.table(List.of("step", "core wait", "lock", "park", "socket"), new boolean[] {true, true, true, true, true}, rows);
    }

    private void rules() {
        long lacking = r.rules().stream().filter(x -> !x.missingSignals().isEmpty()).count();
        page.heading("Rules");
        page.paragraph(Inline.plain(r.rules().size() + " rules in force. " + (lacking == 0 ? "Every rule had its signals."
                : lacking + " could not fire because no target had the signals listed.")));
        page.table(List.of("rule", "resource", "severity", "from", "missing signals"), new boolean[5],
                r.rules().stream().map(x -> List.of(new Inline(List.of()).andCode(x.id()), Inline.plain(r.nameOf(x.resource())),
                        Inline.plain(x.severity()), Inline.plain(x.origin()),
                        x.missingSignals().isEmpty() ? Inline.plain("") : Inline.bold(String.join(", ", x.missingSignals()))))
                        .toList());
    }

    private void events() {
        if (r.run().events().isEmpty()) {
            return;
        }
        page.heading("Recording events");
        page.bullets(r.run().events().stream().map(e -> Inline.plain(ReportText.clock(e.timeMillis()) + " " + e.target() + ": "
                + e.kind() + (e.detail() == null ? "" : " — " + e.detail()))).toList());
    }
}
