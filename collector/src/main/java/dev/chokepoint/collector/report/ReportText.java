package dev.chokepoint.collector.report;

import dev.chokepoint.collector.report.model.ReportModel;
import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.signals.Unit;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** How numbers, times and verdicts read in the human formats. */
final class ReportText {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private ReportText() {
    }

    static String clock(long millis) {
        return Unit.clock(millis);
    }

    static String clock(Long millis) {
        return millis == null ? "" : clock(millis.longValue());
    }

    static String date(long millis) {
        return DATE.format(Instant.ofEpochMilli(millis));
    }

    /** A process started this long before the recording is said so: was it the one meant? */
    static final long LONG_BEFORE_MILLIS = 10 * 60_000;

    /**
     * " (app.jar, agent instance 3f2a…, pid 4242, started 2025-12-06 19:56:01 UTC)" for the
     * processes a target showed, several joined by "; then "; nothing when it exported no identity.
     * A process that started well before the recording says by how much: a service left running
     * from an earlier test (holding the metrics port the new one wanted) is recorded in its place.
     */
    static String processes(ReportModel r, String target) {
        if (r.run().processes() == null) {
            return "";
        }
        List<String> seen = r.run().processes().stream().filter(p -> p.target().equals(target))
                .map(p -> Stream.of(p.command(), p.instance() == null ? null : "agent instance " + p.instance(),
                                p.pid() == null ? null : "pid " + p.pid(),
                                p.startMillis() == null ? null : "started " + date(p.startMillis())
                                        + startedBefore(r.run().startMillis() - p.startMillis()))
                        .filter(Objects::nonNull).collect(Collectors.joining(", ")))
                .toList();
        return seen.isEmpty() ? "" : " (" + String.join("; then ", seen) + ")";
    }

    private static String startedBefore(long millis) {
        return millis < LONG_BEFORE_MILLIS ? "" : ", " + Unit.num(Math.floor(millis / 60_000.0))
                + " min before the recording began; if you restarted the service since, this is an older process"
                + " that kept the agent's port";
    }

    /** "12:01:05 (+7 s into the step)". */
    static String onset(ReportModel.StepModel s, long millis) {
        return clock(millis) + " (+" + Unit.num((millis - s.startMillis()) / 1000.0) + " s into the step)";
    }

    static String rps(double v) {
        return Double.isNaN(v) ? "n/a" : Unit.num(v);
    }

    static String seconds(double v) {
        return Unit.SECONDS.format(v);
    }

    static String ratio(double v) {
        return Unit.RATIO.format(v);
    }

    static String count(double v) {
        return Double.isNaN(v) ? "n/a" : Unit.num(v);
    }

    static String slo(ReportModel.StepModel s) {
        if (s.slo().met() == null) {
            return s.slo().failures().isEmpty() ? "n/a" : "n/a: " + String.join(", ", s.slo().failures());
        }
        return s.slo().met() ? "met" : "missed: " + String.join(", ", s.slo().failures());
    }

    static String firstSaturated(ReportModel r, ReportModel.StepModel s) {
        ReportModel.FirstSaturatedModel f = s.firstSaturated();
        if (f.name() != null) {
            return f.name();
        }
        ReportModel.HeadroomModel h = f.headroom();
        return h == null ? f.resource() : f.resource() + " (highest: " + r.nameOf(h.resource()) + " " + ratio(h.utilization()) + ")";
    }

    static String consequence(ReportModel r, ReportModel.ConsequenceModel c) {
        return c.name() + (c.explainedBy() == null ? " (independent)" : " (caused by " + r.nameOf(c.explainedBy()) + ")");
    }

    /**
     * "after the connection pool, CPU limits at ≈ 240 RPS", and why that may not hold where
     * something says so; "after the unattributed limit, …" where no rule named the limit, and
     * "(predicted)" after a limiter the run never reached.
     */
    static String next(ReportModel r, ReportModel.NextBottleneckModel n) {
        String after = n.after().equals(Resource.UNATTRIBUTED) ? "the " + r.nameOf(n.after())
                : r.nameOf(n.after()) + (r.steps().stream().anyMatch(s -> s.limit().limited()
                        || n.after().equals(s.firstSaturated().resource())) ? "" : " (predicted)");
        return "after " + after + ", " + r.nameOf(n.resource()) + " limits at ≈ " + rps(n.boundRps()) + " RPS"
                + caveat(n.caveat());
    }

    /** " (not a prediction: …)", or nothing. */
    static String caveat(String why) {
        return why == null ? "" : " (not a prediction: " + why + ")";
    }

    /** "≈ 24 RPS (22–26)" where one step left a range, else "24 RPS". */
    static String bound(double boundRps, double lowRps, double highRps) {
        return lowRps > 0 && highRps > lowRps
                ? "≈ " + rps(boundRps) + " RPS (" + rps(lowRps) + "–" + rps(highRps) + ")"
                : rps(boundRps) + " RPS";
    }

    static Inline use(ReportModel.UseModel u) {
        String s = ratio(u.utilization()) + " / " + count(u.saturation());
        return u.saturated() ? Inline.bold(s) : Inline.plain(s);
    }
}
