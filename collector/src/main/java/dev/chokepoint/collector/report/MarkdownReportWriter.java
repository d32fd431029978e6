package dev.chokepoint.collector.report;

import dev.chokepoint.collector.fleet.FleetStep;
import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.signals.SignalCatalog;
import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.verdict.Demand;
import dev.chokepoint.collector.verdict.Finding;
import dev.chokepoint.collector.verdict.Prediction;
import dev.chokepoint.collector.verdict.ResourceUse;
import dev.chokepoint.collector.verdict.StepVerdict;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The report as Markdown; the first line is the headline (CI logs and chat previews show it). */
public final class MarkdownReportWriter implements ReportWriter {

    @Override
    public void write(Report r, OutputStream out) throws IOException {
        PrintWriter w = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        w.println("# " + r.headline());
        w.println();
        w.println("- SLO: " + r.sloDescription() + (r.knee() == null ? " — no step met it"
                : " — knee: step " + r.knee().stepIndex() + " (" + ReportText.rps(r.knee().offeredRps()) + " RPS)"));
        w.println("- Run: " + ReportText.date(r.run().startMillis()) + " → " + ReportText.date(r.run().endMillis())
                + ", targets: " + String.join(", ", r.run().targets()));
        w.println();
        partial(r, w);
        steps(r, w);
        fleet(r, w);
        evidence(r, w);
        use(r, w);
        law(r, w);
        rules(r, w);
        events(r, w);
        w.flush();
    }

    private void steps(Report r, PrintWriter w) {
        w.println("## Steps");
        w.println();
        w.println("| step | offered RPS | achieved RPS | p95 | p99 | errors | SLO | first saturated | onset | consequences |");
        w.println("|---:|---:|---:|---:|---:|---:|---|---|---|---|");
        for (StepVerdict v : r.steps()) {
            Finding f = v.firstSaturated();
            w.println("| " + v.step().index() + " | " + ReportText.rps(v.step().offeredRps()) + " | "
                    + ReportText.rps(v.traffic().achievedRps()) + " | " + ReportText.seconds(v.traffic().p95Seconds())
                    + " | " + ReportText.seconds(v.traffic().p99Seconds()) + " | " + ReportText.ratio(v.traffic().errorRate())
                    + " | " + ReportText.slo(v) + " | " + ReportText.firstSaturated(v) + " | "
                    + (f == null ? "" : ReportText.clock(f.onsetMillis())) + " | "
                    + String.join(", ", v.consequences().stream().map(ReportText::consequence).toList()) + " |");
        }
        w.println();
        w.println("Latency and errors: " + (r.steps().stream().anyMatch(v -> v.traffic().source().name().equals("CLIENT"))
                ? "from the load tool where it reported them, else from" : "from") + " the servers' request timers.");
        w.println();
    }

    private void partial(Report r, PrintWriter w) {
        if (!r.partial()) {
            return;
        }
        w.println("> **Partial data**: part of the run window is missing, so a verdict below may be wrong:");
        r.gaps().forEach(g -> w.println("> - " + g));
        w.println();
    }

    private void fleet(Report r, PrintWriter w) {
        if (r.fleet().isEmpty()) {
            return;
        }
        w.println("## Fleet");
        w.println();
        w.println("| step | first saturated | limit | instances saturated |");
        w.println("|---:|---|---|---|");
        for (FleetStep f : r.fleet()) {
            w.println("| " + f.step() + " | " + f.resource() + " | " + FleetText.limit(f) + " | " + String.join(", ", FleetText.saturatedInstances(f)) + " |");
        }
        w.println();
        for (FleetStep f : r.fleet()) {
            if (f.scope() == FleetStep.Scope.NONE) {
                continue;
            }
            w.println("Step " + f.step() + ": " + f.resource() + " " + f.explanation());
            w.println();
            w.println("| instance | requests/s | share | saturated | own first saturated |");
            w.println("|---|---:|---:|---|---|");
            for (FleetStep.InstanceStep i : f.instances()) {
                w.println("| " + i.instance() + " | " + ReportText.rps(i.requestRate()) + " | " + ReportText.ratio(i.requestShare())
                        + " | " + FleetText.saturated(i) + " | " + FleetText.own(i) + " |");
            }
            w.println();
        }
    }

    private void evidence(Report r, PrintWriter w) {
        w.println("## Evidence");
        w.println();
        for (StepVerdict v : r.steps()) {
            Finding f = v.firstSaturated();
            if (f == null) {
                continue;
            }
            w.println("### Step " + v.step().index() + " (" + ReportText.rps(v.step().offeredRps()) + " RPS): "
                    + ReportText.name(f) + " saturated first");
            w.println();
            finding(v, f, w);
            for (Finding c : v.consequences()) {
                w.println("Then: **" + ReportText.consequence(c) + "**, rule `" + c.rule() + "`, from "
                        + ReportText.onset(v, c.onsetMillis()) + ": " + c.summary());
                w.println();
            }
        }
    }

    private void finding(StepVerdict v, Finding f, PrintWriter w) {
        w.println("Rule `" + f.rule() + "` (" + f.severity().name().toLowerCase() + ") on " + f.target() + ", from "
                + ReportText.onset(v, f.onsetMillis()) + ": " + f.summary() + ".");
        w.println();
        w.println("> " + f.advice());
        w.println();
        w.println("| signal | mean while it held |");
        w.println("|---|---:|");
        f.labels().forEach((k, val) -> w.println("| " + k + " | `" + val.replace("|", "\\|") + "` |"));
        for (Map.Entry<String, Double> e : f.evidence().entrySet()) {
            if (Double.isNaN(e.getValue())) {
                continue; // the target lacks this signal; report.json keeps it as null
            }
            Unit u = SignalCatalog.signal(e.getKey()).map(s -> s.unit()).orElse(Unit.COUNT);
            w.println("| " + e.getKey() + " | " + u.format(e.getValue()) + " |");
        }
        w.println();
    }

    private void use(Report r, PrintWriter w) {
        Set<Resource> resources = new LinkedHashSet<>();
        r.steps().forEach(v -> v.resources().forEach(u -> resources.add(u.resource())));
        if (resources.isEmpty()) {
            return;
        }
        w.println("## Utilization / saturation per step");
        w.println();
        w.println("Utilization as a share of capacity, saturation on the rule's own scale; **bold** = saturated.");
        w.println();
        StringBuilder head = new StringBuilder("| resource |");
        StringBuilder line = new StringBuilder("|---|");
        for (StepVerdict v : r.steps()) {
            head.append(" step ").append(v.step().index()).append(" |");
            line.append("---:|");
        }
        w.println(head);
        w.println(line);
        for (Resource res : resources) {
            if (r.steps().stream().flatMap(v -> v.resources().stream())
                    .noneMatch(u -> u.resource().equals(res) && !(Double.isNaN(u.utilization()) && Double.isNaN(u.saturation())))) {
                continue; // not measured on any target
            }
            StringBuilder row = new StringBuilder("| " + res.displayName() + " |");
            for (StepVerdict v : r.steps()) {
                ResourceUse u = v.resources().stream().filter(x -> x.resource().equals(res)).findFirst().orElse(null);
                row.append(" ").append(u == null ? "" : ReportText.use(u)).append(" |");
            }
            w.println(row);
        }
        w.println();
    }

    private void law(Report r, PrintWriter w) {
        if (r.demands().isEmpty()) {
            return;
        }
        w.println("## Utilization law (predicted limit)");
        w.println();
        w.println("| resource | utilization per RPS | throughput bound (X ≤ 1/D) |");
        w.println("|---|---:|---:|");
        for (Demand d : r.demands()) {
            w.println("| " + d.resource().displayName() + " | " + ReportText.ratio(d.utilizationPerRps()) + " | "
                    + ReportText.rps(d.boundRps()) + " RPS |");
        }
        w.println();
        Prediction p = r.prediction();
        if (p != null) {
            String outcome = p.matched() == null ? "nothing saturated in this run, so it is not yet checked"
                    : p.matched() ? "confirmed: it saturated first at step " + p.actualStep()
                    : "not confirmed: " + p.actual().displayName() + " saturated first at step " + p.actualStep();
            w.println("Predicted from steps " + p.fromSteps() + ": " + p.resource().displayName() + " limits at ≈ "
                    + ReportText.rps(p.boundRps()) + " RPS; " + outcome + ".");
            w.println();
        }
    }

    private void rules(Report r, PrintWriter w) {
        List<Report.RuleInfo> lacking = r.rules().stream().filter(x -> !x.missingSignals().isEmpty()).toList();
        w.println("## Rules");
        w.println();
        w.println(r.rules().size() + " rules in force. " + (lacking.isEmpty() ? "Every rule had its signals."
                : "Rules that could not fire because no target had their signals:"));
        w.println();
        for (Report.RuleInfo x : lacking) {
            w.println("- `" + x.id() + "` (" + x.resource() + "): missing " + String.join(", ", x.missingSignals()));
        }
        if (!lacking.isEmpty()) {
            w.println();
        }
    }

    private void events(Report r, PrintWriter w) {
        if (r.run().events().isEmpty()) {
            return;
        }
        w.println("## Recording events");
        w.println();
        for (ScrapeEvent e : r.run().events()) {
            w.println("- " + ReportText.clock(e.timeMillis()) + " " + e.target() + ": " + e.kind().name().toLowerCase()
                    + (e.detail() == null ? "" : " — " + e.detail()));
        }
        w.println();
    }
}
