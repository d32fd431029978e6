package dev.chokepoint.collector.drive;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.verdict.Finding;
import dev.chokepoint.collector.verdict.NextBottleneck;
import dev.chokepoint.collector.verdict.StepVerdict;

import java.util.Optional;

/**
 * The first line of a capacity search's report: the capacity to the precision (or the bounds the
 * time allowed), what saturates first beyond it (the verdict of the first failing probe), and the
 * resource with the next-lowest throughput bound (the utilization law over the probes).
 */
public final class SearchHeadline {

    private SearchHeadline() {
    }

    public static String of(CapacitySearch search, Report report, double precision, String maxTime) {
        String slo = "within the SLO (" + report.sloDescription() + ")";
        double good = search.lastGood();
        double bad = search.firstBad();
        int probes = search.probes().size();
        StringBuilder s = new StringBuilder();
        if (search.converged()) {
            s.append("Capacity ").append(Unit.num(search.capacity())).append(" RPS (±").append(Unit.num(precision * 100))
                    .append(" %) ").append(slo).append(": last good ").append(Unit.num(good)).append(" RPS, first bad ")
                    .append(Unit.num(bad)).append(" RPS, ").append(probes).append(" probes");
        } else if (!Double.isNaN(good) && !Double.isNaN(bad)) {
            s.append("Capacity between ").append(Unit.num(good)).append(" and ").append(Unit.num(bad)).append(" RPS ")
                    .append(slo).append(" (not narrowed to ±").append(Unit.num(precision * 100)).append(" % within ")
                    .append(maxTime).append(", ").append(probes).append(" probes)");
        } else if (!Double.isNaN(good)) {
            s.append("Capacity ≥ ").append(Unit.num(good)).append(" RPS ").append(slo).append(" (every probe up to ")
                    .append(Unit.num(good)).append(" RPS met it; ").append(probes).append(" probes)");
        } else if (!Double.isNaN(bad)) {
            s.append("SLO (").append(report.sloDescription()).append(") missed at every probe, down to ")
                    .append(Unit.num(bad)).append(" RPS");
        } else {
            s.append("No probe could be judged (").append(probes).append(" probes)");
        }
        if (search.engineShort()) {
            double rate = search.probes().stream().filter(p -> p.outcome() == CapacitySearch.Outcome.ENGINE_SHORT)
                    .mapToDouble(CapacitySearch.Probe::rate).min().orElse(Double.NaN);
            s.append("; the load generator could not offer ").append(Unit.num(rate))
                    .append(" RPS, so no higher rate was measured");
        }
        verdictAt(report, bad).ifPresent(v -> s.append("; beyond it, ").append(beyondText(v)));
        // The report's own next-bottleneck reading (the utilization law over the probes).
        NextBottleneck next = report.next();
        if (next != null) {
            s.append("; next: ").append(next.next().displayName()).append(" (bound ≈ ")
                    .append(Unit.num(next.boundRps())).append(next.caveat() == null ? " RPS)" : " RPS, not a prediction: see the report)");
        }
        return s.toString();
    }

    private static String beyondText(StepVerdict v) {
        Finding f = v.firstSaturated();
        if (f == null) {
            return "the SLO is missed (" + String.join(", ", v.sloFailures()) + ") with no resource saturated";
        }
        return "the " + f.displayName() + " saturates first (" + f.summary() + ")";
    }

    /** The probe at {@code rate} (the first bad one). */
    private static Optional<StepVerdict> verdictAt(Report report, double rate) {
        if (Double.isNaN(rate)) {
            return Optional.empty();
        }
        return report.steps().stream().filter(v -> Math.abs(v.step().offeredRps() - rate) < 1e-6).findFirst();
    }
}
