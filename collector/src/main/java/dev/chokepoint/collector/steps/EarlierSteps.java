package dev.chokepoint.collector.steps;

import java.util.ArrayList;
import java.util.List;

/**
 * The steps of a load tool's file that ended before the recording began: an earlier run's, never
 * this one's (JMeter appends to an existing {@code -l} file, so a second run's JTL holds the first
 * run too). Judged, they read as steps where the metrics went unanswered; they are left out, and
 * the steps that remain are numbered from 1 again.
 *
 * @param kept    the steps this recording covers, renumbered
 * @param dropped how many were left out
 */
public record EarlierSteps(List<Step> kept, int dropped) {

    public static EarlierSteps of(List<Step> steps, long recordingStartMillis) {
        List<Step> kept = new ArrayList<>();
        for (Step s : steps) {
            if (s.endMillis() > recordingStartMillis) {
                kept.add(new Step(kept.size() + 1, s.startMillis(), s.endMillis(), s.offeredRps(), s.source(),
                        s.client(), s.engine()));
            }
        }
        return new EarlierSteps(List.copyOf(kept), steps.size() - kept.size());
    }

    /** One line for stderr, or null when nothing was left out. */
    public String said(StepSource source) {
        if (dropped == 0) {
            return null;
        }
        return "chokepoint: " + source.file() + " holds " + dropped + (dropped == 1 ? " step" : " steps")
                + " that ended before the recording began, left out (an earlier run's? JMeter appends to its -l file:"
                + " run it with -f)";
    }
}
