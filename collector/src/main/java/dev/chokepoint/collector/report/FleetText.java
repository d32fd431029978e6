package dev.chokepoint.collector.report;

import dev.chokepoint.collector.fleet.FleetStep;
import dev.chokepoint.collector.report.model.ReportModel;

import java.util.List;

/** How the fleet view reads. */
final class FleetText {

    private FleetText() {
    }

    /** "a:1 (12:00:03)" per instance where the fleet's resource saturated, or "none". */
    static String saturatedInstances(ReportModel.FleetStepModel f) {
        List<String> out = f.instances().stream().filter(FleetStep.InstanceStep::saturated)
                .map(i -> i.instance() + (i.onsetMillis() == null ? "" : " (" + ReportText.clock(i.onsetMillis()) + ")"))
                .toList();
        return out.isEmpty() ? "none" : String.join(", ", out);
    }

    static String limit(ReportModel.FleetStepModel f) {
        return f.limit() == null ? "" : f.scope() + ": " + f.limit();
    }

    static String saturated(FleetStep.InstanceStep i) {
        return i.saturated() ? "yes" + (i.onsetMillis() == null ? "" : ", from " + ReportText.clock(i.onsetMillis())) : "no";
    }

    static String own(FleetStep.InstanceStep i) {
        return i.firstSaturated() + (i.rule() == null ? "" : " (" + i.rule() + ")");
    }
}
