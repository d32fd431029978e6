package dev.chokepoint.collector.report.model;

import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.steps.StepNote;

import java.util.Locale;

/**
 * A step note in words, from what the detection measured: "23:31:52–23:32:22 (30 s, 4.3 RPS
 * achieved, 0 in flight) not judged: read as a ramp, the rate went from 5 to 3.1 RPS across it".
 */
final class StepNoteText {

    private StepNoteText() {
    }

    static ReportModel.StepNoteModel model(StepNote n) {
        return new ReportModel.StepNoteModel(n.kind().name().toLowerCase(Locale.ROOT), n.step() == 0 ? null : n.step(),
                n.startMillis(), n.endMillis(), n.achievedRps(), n.inFlight(), text(n));
    }

    static String text(StepNote n) {
        String what = Unit.clock(n.startMillis()) + "–" + Unit.clock(n.endMillis()) + " (" + Unit.num(n.durationSeconds())
                + " s, " + Unit.num(n.achievedRps()) + " RPS achieved"
                + (Double.isNaN(n.inFlight()) ? "" : ", " + Unit.num(n.inFlight()) + " in flight") + ")";
        return switch (n.kind()) {
            case JOINED -> what + " read as part of step " + n.step() + ": its requests in flight were not clearly apart"
                    + " from the step's (" + Unit.num(n.stepInFlight()) + "), and no plateau of the rate set it apart;"
                    + " an offered step may be merged there";
            case RAMP -> what + " not judged: read as a ramp, the rate went from " + Unit.num(n.rateFrom()) + " to "
                    + Unit.num(n.rateTo()) + " RPS across it; an offered step may be left out there";
            case UNSTEADY -> what + " not judged: no step of constant load was read in it;"
                    + " an offered step may be left out there";
        };
    }
}
