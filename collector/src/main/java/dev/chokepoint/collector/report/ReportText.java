package dev.chokepoint.collector.report;

import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.verdict.Finding;
import dev.chokepoint.collector.verdict.ResourceUse;
import dev.chokepoint.collector.verdict.StepVerdict;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Wording shared by the human-readable formats (Markdown, HTML), so both say the same thing. */
final class ReportText {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private ReportText() {
    }

    static String clock(long millis) {
        return CLOCK.format(Instant.ofEpochMilli(millis));
    }

    static String date(long millis) {
        return DATE.format(Instant.ofEpochMilli(millis));
    }

    /** "12:01:05 (+7 s into the step)". */
    static String onset(StepVerdict v, long millis) {
        return clock(millis) + " (+" + Unit.num((millis - v.step().startMillis()) / 1000.0) + " s into the step)";
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

    static String slo(StepVerdict v) {
        return v.sloMet() == null ? "n/a" : v.sloMet() ? "met" : "missed";
    }

    static String name(Finding f) {
        return f.displayName();
    }

    static String firstSaturated(StepVerdict v) {
        if (v.firstSaturated() != null) {
            return name(v.firstSaturated());
        }
        ResourceUse h = v.headroom();
        return h == null ? "none" : "none (highest: " + h.resource().displayName() + " " + ratio(h.utilization()) + ")";
    }

    static String consequence(Finding c) {
        return name(c) + (c.explainedBy() == null ? " (independent)" : " (caused by " + c.explainedBy().displayName() + ")");
    }

    static String use(ResourceUse u) {
        String s = ratio(u.utilization()) + " / " + (Double.isNaN(u.saturation()) ? "n/a" : Unit.num(u.saturation()));
        return u.saturated() ? "**" + s + "**" : s;
    }
}
