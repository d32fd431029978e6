package dev.chokepoint.collector.report;

import dev.chokepoint.collector.report.model.ReportModel;
import dev.chokepoint.collector.signals.Unit;

import java.util.ArrayList;
import java.util.List;

/**
 * The report's charts: requests (rate and p95) and one per measured resource (utilization and
 * saturation over time), each with the step bands and the onsets of the rules that fired.
 */
final class TimeCharts {

    private TimeCharts() {
    }

    static List<SvgChart> of(ReportModel r) {
        Charts c = r.charts();
        if (c == null || c.timesMillis().length == 0) {
            return List.of();
        }
        List<SvgChart> out = new ArrayList<>();
        out.add(chart("Requests", r)
                .line(new SvgChart.Line("rate", c.requestRate(), Unit.PER_SECOND, "#1f5fa8", 0))
                .line(new SvgChart.Line("p95", c.latencyP95(), Unit.SECONDS, "#c06000", 0)));
        for (Charts.ResourceSeries s : c.resources()) {
            if (!measured(s.utilization()) && !measured(s.saturation())) {
                continue; // no target had this resource's signals: an empty chart says nothing
            }
            SvgChart chart = chart(s.name(), r)
                    .line(new SvgChart.Line("utilization", s.utilization(), Unit.RATIO, "#1f5fa8", 1))
                    // At least 1 on the saturation axis, so near-zero noise does not fill the chart.
                    .line(new SvgChart.Line("saturation", s.saturation(), Unit.COUNT, "#c06000", 1));
            for (ReportModel.StepModel step : r.steps()) {
                if (s.resource().equals(step.firstSaturated().resource())) {
                    chart.marker(new SvgChart.Marker(step.onsetMillis(), "first: " + step.firstSaturated().rule()));
                }
                step.consequences().stream().filter(x -> x.resource().equals(s.resource()))
                        .forEach(x -> chart.marker(new SvgChart.Marker(x.onsetMillis(), x.rule())));
            }
            out.add(chart);
        }
        return out;
    }

    private static boolean measured(double[] v) {
        for (double x : v) {
            if (!Double.isNaN(x) && x != 0) {
                return true;
            }
        }
        return false;
    }

    private static SvgChart chart(String title, ReportModel r) {
        SvgChart chart = new SvgChart(title, r.charts().timesMillis(), r.run().startMillis(), r.run().endMillis());
        for (ReportModel.StepModel s : r.steps()) {
            chart.band(new SvgChart.Band(s.startMillis(), s.endMillis(),
                    "step " + s.index() + " · " + ReportText.rps(s.offeredRps()) + " RPS"));
        }
        return chart;
    }
}
