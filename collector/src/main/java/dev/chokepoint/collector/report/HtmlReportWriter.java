package dev.chokepoint.collector.report;

import dev.chokepoint.collector.fleet.FleetStep;
import dev.chokepoint.collector.signals.SignalCatalog;
import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.verdict.Finding;
import dev.chokepoint.collector.verdict.StepVerdict;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A self-contained HTML page: headline, step table, evidence, and one chart per resource
 * (utilization and saturation over time, step bands, onset markers). Inline CSS and SVG only: it
 * opens from a CI artifact or an e-mail with no network.
 */
public final class HtmlReportWriter implements ReportWriter {

    private static final String CSS = """
            body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:960px;color:#222}
            h1{font-size:20px}h2{font-size:17px;margin-top:28px}table{border-collapse:collapse;margin:8px 0}
            td,th{border:1px solid #ccc;padding:3px 7px;text-align:right}td:first-child,th:first-child{text-align:left}
            .sat{font-weight:bold;color:#b00}.muted{color:#777}blockquote{margin:6px 0;padding:4px 10px;border-left:3px solid #ccc}
            .chart{width:100%;height:auto;display:block;margin:6px 0}.title{font-size:12px;font-weight:bold}
            .band0{fill:#f4f4f4}.band1{fill:#e9eef5}.band-label{font-size:10px;fill:#666}.frame{fill:none;stroke:#bbb}
            .axis{font-size:10px}.onset{stroke:#d00;stroke-dasharray:4 3;stroke-width:1.4}.onset-label{font-size:10px;fill:#d00}
            code{font-size:12px}
            """;

    @Override
    public void write(Report r, OutputStream out) throws IOException {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.escape(r.headline())).append("</title><style>").append(CSS).append("</style></head><body>");
        h.append("<h1 id=\"headline\">").append(Html.escape(r.headline())).append("</h1>");
        h.append("<p>SLO ").append(Html.escape(r.sloDescription())).append(" — ")
                .append(r.knee() == null ? "no step met it" : "knee: step " + r.knee().stepIndex() + " ("
                        + ReportText.rps(r.knee().offeredRps()) + " RPS)")
                .append(". Run ").append(ReportText.date(r.run().startMillis())).append(" → ")
                .append(ReportText.date(r.run().endMillis())).append(", targets: ")
                .append(Html.escape(String.join(", ", r.run().targets()))).append(".</p>");
        partial(r, h);
        steps(r, h);
        fleet(r, h);
        charts(r, h);
        evidence(r, h);
        h.append("</body></html>\n");
        out.write(h.toString().getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private void steps(Report r, StringBuilder h) {
        h.append("<h2>Steps</h2><table><tr><th>step</th><th>offered RPS</th><th>achieved RPS</th><th>p95</th><th>p99</th>")
                .append("<th>errors</th><th>SLO</th><th>first saturated</th><th>onset</th><th>consequences</th></tr>");
        for (StepVerdict v : r.steps()) {
            Finding f = v.firstSaturated();
            h.append("<tr><td>").append(v.step().index()).append("</td><td>").append(ReportText.rps(v.step().offeredRps()))
                    .append("</td><td>").append(ReportText.rps(v.traffic().achievedRps()))
                    .append("</td><td>").append(ReportText.seconds(v.traffic().p95Seconds()))
                    .append("</td><td>").append(ReportText.seconds(v.traffic().p99Seconds()))
                    .append("</td><td>").append(ReportText.ratio(v.traffic().errorRate()))
                    .append("</td><td>").append(ReportText.slo(v))
                    .append("</td><td").append(f == null ? " class=\"muted\">" : " class=\"sat\">")
                    .append(Html.escape(ReportText.firstSaturated(v)))
                    .append("</td><td>").append(f == null ? "" : ReportText.clock(f.onsetMillis()))
                    .append("</td><td>").append(Html.escape(String.join(", ", v.consequences().stream()
                            .map(ReportText::consequence).toList()))).append("</td></tr>");
        }
        h.append("</table>");
    }

    private void partial(Report r, StringBuilder h) {
        if (!r.partial()) {
            return;
        }
        h.append("<blockquote id=\"partial\"><b>Partial data</b>: part of the run window is missing, so a verdict "
                + "below may be wrong:<ul>");
        r.gaps().forEach(g -> h.append("<li>").append(Html.escape(g)).append("</li>"));
        h.append("</ul></blockquote>");
    }

    private void fleet(Report r, StringBuilder h) {
        if (r.fleet().isEmpty()) {
            return;
        }
        h.append("<h2>Fleet</h2><table id=\"fleet\"><tr><th>step</th><th>first saturated</th><th>limit</th>")
                .append("<th>instances saturated</th></tr>");
        for (FleetStep f : r.fleet()) {
            h.append("<tr><td>").append(f.step()).append("</td><td>").append(Html.escape(f.resource()))
                    .append("</td><td>").append(Html.escape(FleetText.limit(f))).append("</td><td>")
                    .append(Html.escape(String.join(", ", FleetText.saturatedInstances(f)))).append("</td></tr>");
        }
        h.append("</table>");
        for (FleetStep f : r.fleet()) {
            if (f.scope() == FleetStep.Scope.NONE) {
                continue;
            }
            h.append("<p>Step ").append(f.step()).append(": ").append(Html.escape(f.resource() + " " + f.explanation()))
                    .append("</p><table><tr><th>instance</th><th>requests/s</th><th>share</th><th>saturated</th>")
                    .append("<th>own first saturated</th></tr>");
            for (FleetStep.InstanceStep i : f.instances()) {
                h.append("<tr><td>").append(Html.escape(i.instance())).append("</td><td>").append(ReportText.rps(i.requestRate()))
                        .append("</td><td>").append(ReportText.ratio(i.requestShare())).append("</td><td>")
                        .append(FleetText.saturated(i)).append("</td><td>").append(Html.escape(FleetText.own(i)))
                        .append("</td></tr>");
            }
            h.append("</table>");
        }
    }

    private void charts(Report r, StringBuilder h) {
        Charts c = r.charts();
        if (c == null || c.timesMillis().length == 0) {
            return;
        }
        h.append("<h2>Over time</h2>");
        long from = r.run().startMillis();
        long to = r.run().endMillis();
        SvgChart traffic = chart("Requests", c, r, from, to)
                .line(new SvgChart.Line("rate", c.requestRate(), Unit.PER_SECOND, "#1f5fa8", 0))
                .line(new SvgChart.Line("p95", c.latencyP95(), Unit.SECONDS, "#c06000", 0));
        h.append(traffic.render());
        for (Charts.ResourceSeries s : c.resources()) {
            if (!measured(s.utilization()) && !measured(s.saturation())) {
                continue; // no target had this resource's signals: an empty chart says nothing
            }
            SvgChart chart = chart(s.name(), c, r, from, to)
                    .line(new SvgChart.Line("utilization", s.utilization(), Unit.RATIO, "#1f5fa8", 1))
                    // At least 1 on the saturation axis, so near-zero noise does not fill the chart.
                    .line(new SvgChart.Line("saturation", s.saturation(), Unit.COUNT, "#c06000", 1));
            for (StepVerdict v : r.steps()) {
                List<Finding> all = new ArrayList<>(v.consequences());
                if (v.firstSaturated() != null) {
                    all.add(0, v.firstSaturated());
                }
                all.stream().filter(f -> f.resource().id().equals(s.resource())).forEach(f -> chart.marker(
                        new SvgChart.Marker(f.onsetMillis(), (f == v.firstSaturated() ? "first: " : "") + f.rule())));
            }
            h.append(chart.render());
        }
    }

    private static boolean measured(double[] v) {
        for (double x : v) {
            if (!Double.isNaN(x) && x != 0) {
                return true;
            }
        }
        return false;
    }

    private SvgChart chart(String title, Charts c, Report r, long from, long to) {
        SvgChart chart = new SvgChart(title, c.timesMillis(), from, to);
        for (StepVerdict v : r.steps()) {
            chart.band(new SvgChart.Band(v.step().startMillis(), v.step().endMillis(),
                    "step " + v.step().index() + " · " + ReportText.rps(v.step().offeredRps()) + " RPS"));
        }
        return chart;
    }

    private void evidence(Report r, StringBuilder h) {
        h.append("<h2>Evidence</h2>");
        for (StepVerdict v : r.steps()) {
            Finding f = v.firstSaturated();
            if (f == null) {
                continue;
            }
            h.append("<h3>Step ").append(v.step().index()).append(" (").append(ReportText.rps(v.step().offeredRps()))
                    .append(" RPS): ").append(Html.escape(ReportText.name(f))).append(" saturated first</h3>");
            h.append("<p>Rule <code>").append(Html.escape(f.rule())).append("</code> on ").append(Html.escape(f.target()))
                    .append(", from ").append(Html.escape(ReportText.onset(v, f.onsetMillis()))).append(": ")
                    .append(Html.escape(f.summary())).append(".</p><blockquote>").append(Html.escape(f.advice()))
                    .append("</blockquote><table><tr><th>signal</th><th>mean while it held</th></tr>");
            f.labels().forEach((k, val) -> h.append("<tr><td>").append(Html.escape(k)).append("</td><td><code>")
                    .append(Html.escape(val)).append("</code></td></tr>"));
            f.evidence().entrySet().stream().filter(e -> !Double.isNaN(e.getValue())).forEach(e -> h.append("<tr><td>").append(Html.escape(e.getKey())).append("</td><td>")
                    .append(Html.escape(SignalCatalog.signal(e.getKey()).map(sig -> sig.unit()).orElse(Unit.COUNT).format(e.getValue())))
                    .append("</td></tr>"));
            h.append("</table>");
            for (Finding c : v.consequences()) {
                h.append("<p>Then <b>").append(Html.escape(ReportText.consequence(c))).append("</b>, rule <code>")
                        .append(Html.escape(c.rule())).append("</code>, from ").append(Html.escape(ReportText.onset(v, c.onsetMillis())))
                        .append(": ").append(Html.escape(c.summary())).append("</p>");
            }
        }
    }
}
