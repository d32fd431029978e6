package dev.chokepoint.collector.report;

import dev.chokepoint.collector.fleet.FleetStep;

import java.util.List;

/** Fleet wording shared by the Markdown and HTML reports. */
final class FleetText {

    private FleetText() {
    }

    /** "a:1 (12:00:03)" per instance where the fleet's resource saturated, or "none". */
    static List<String> saturatedInstances(FleetStep f) {
        List<String> out = f.instances().stream().filter(FleetStep.InstanceStep::saturated)
                .map(i -> i.instance() + (i.onsetMillis() == null ? "" : " (" + ReportText.clock(i.onsetMillis()) + ")"))
                .toList();
        return out.isEmpty() ? List.of("none") : out;
    }

    static String limit(FleetStep f) {
        return f.limit() == null ? "" : f.scope().name().toLowerCase(java.util.Locale.ROOT) + ": " + f.limit();
    }

    static String saturated(FleetStep.InstanceStep i) {
        return i.saturated() ? "yes" + (i.onsetMillis() == null ? "" : ", from " + ReportText.clock(i.onsetMillis())) : "no";
    }

    static String own(FleetStep.InstanceStep i) {
        return i.firstSaturated() + (i.rule() == null ? "" : " (" + i.rule() + ")");
    }
}
