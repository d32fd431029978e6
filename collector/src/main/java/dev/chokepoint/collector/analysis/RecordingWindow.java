package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.store.RecordingEnd;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The span the recording holds, and the steps outside it on either side: listed as "not
 * recorded", never judged, so nothing is read from samples that do not exist.
 * <ul>
 * <li>Before it began: a load tool's file can hold an earlier run's steps (JMeter appends to its
 * {@code -l} file, so a second run's JTL holds the first run too). Judged, they read as steps
 * where the metrics went unanswered. The steps that remain are numbered from 1 again.</li>
 * <li>After it ended: a recording that did not end whole (a killed collector, a copy cut short, a
 * full disk: {@link RecordingEnd}) says nothing about the time after its end, and little about a
 * step it ends in, so no death, restart, collapse or uncovered load is read from the missing
 * tail. A step counts as recorded when the recording goes on for {@link #AFTER_STEP_MILLIS} past
 * its end, or {@link #AFTER_FOUND_STEP_MILLIS} for a step found in the recorded rate itself.</li>
 * </ul>
 *
 * @param recorded the steps judged, in time order
 * @param before   steps that ended before the recording began, as their source numbered them
 * @param after    steps the recording does not hold whole because it ended first
 * @param end      where a recording that did not end whole ends (null when it did)
 */
public record RecordingWindow(List<Step> recorded, List<Step> before, List<Step> after, RecordingEnd end) {

    /** A scrape interval's worth: the last sample of the step's end must be in (the load tool said where it ends). */
    static final long AFTER_STEP_MILLIS = 1_000;
    /**
     * A step detected from the rate, or load after the last step, ends where the data does: cut
     * short, its plateau ends a median window before the cut (pool-detected-ci cut at 95 %: step 4
     * ended 1.9 s before it, 3 s short of the whole run's, and read none where the whole run read
     * the pool), or runs into the next step's first seconds (cut at 85 %: steps 3 and 4 read as
     * one). Ended this long before the cut, the rate was seen to change and stay changed.
     */
    static final long AFTER_FOUND_STEP_MILLIS = 10_000;

    /**
     * {@code steps} of the load's source, split by the recording's window. {@code cover} adds the
     * load no step covered, among the steps after the recording began only: an earlier run's
     * steps would make the time before this run's first step read as load after a step.
     */
    static RecordingWindow of(List<Step> steps, long startMillis, RecordingEnd end, UnaryOperator<List<Step>> cover) {
        List<Step> before = new ArrayList<>();
        List<Step> since = new ArrayList<>();
        for (Step s : steps) {
            if (s.endMillis() <= startMillis) {
                before.add(s);
            } else {
                since.add(before.isEmpty() ? s : s.numbered(since.size() + 1));
            }
        }
        List<Step> recorded = new ArrayList<>();
        List<Step> after = new ArrayList<>();
        for (Step s : cover.apply(List.copyOf(since))) {
            boolean found = s.source() == Step.Source.DETECTED || s.source() == Step.Source.UNCOVERED;
            long margin = found ? AFTER_FOUND_STEP_MILLIS : AFTER_STEP_MILLIS;
            (end == null || s.endMillis() + margin <= end.atMillis() ? recorded : after).add(s);
        }
        return new RecordingWindow(List.copyOf(recorded), List.copyOf(before), List.copyOf(after), end);
    }

    /** Whether every step lies inside the window (the report then says nothing of it). */
    boolean whole() {
        return end == null && before.isEmpty();
    }

    /**
     * "The recording ends at 22:59:51, 3.27 s into step 3 (150 RPS): samples.gz is cut short (…);
     * steps 3–4 not recorded." Null for a recording that ended whole.
     */
    String sentence() {
        if (end == null) {
            return null;
        }
        return "The recording ends at " + Unit.clock(end.atMillis()) + where() + ": " + end.why()
                + (after.isEmpty() ? "" : "; " + steps(after) + " not recorded") + ".";
    }

    /** The headline: where the recording ends first, then the verdicts of what it holds. */
    String headline(String verdicts) {
        if (end == null) {
            return verdicts;
        }
        return sentence() + " " + (recorded.isEmpty() ? "No step was recorded whole: nothing to judge." : verdicts);
    }

    /**
     * One line for stderr naming the load's file, or null when no step ended before the recording
     * began.
     */
    public static String said(int before, String file) {
        if (before == 0) {
            return null;
        }
        return "chokepoint: " + file + " holds " + before + (before == 1 ? " step" : " steps")
                + " that ended before the recording began, listed as not recorded (an earlier run's? JMeter appends"
                + " to its -l file: run it with -f)";
    }

    private String where() {
        long at = end.atMillis();
        List<Step> all = new ArrayList<>(recorded);
        all.addAll(after);
        for (Step s : all) {
            // a step that ends where the data does (detected) is one the recording ends in
            if (at >= s.startMillis() && (at < s.endMillis() || after.contains(s))) {
                return ", " + Unit.num((at - s.startMillis()) / 1000.0) + " s into step " + s.index()
                        + (s.offeredRps() > 0 ? " (" + Unit.num(s.offeredRps()) + " RPS)" : "");
            }
        }
        if (all.isEmpty()) {
            return "";
        }
        return all.stream().allMatch(s -> s.startMillis() > at) ? ", before the first step"
                : all.stream().allMatch(s -> s.endMillis() <= at) ? ", after the last step" : ", between two steps";
    }

    /** "step 4", "steps 3–4", "steps 2, 4–5". */
    private static String steps(List<Step> steps) {
        List<Integer> indexes = steps.stream().map(Step::index).sorted().toList();
        List<String> ranges = new ArrayList<>();
        for (int i = 0; i < indexes.size(); ) {
            int j = i;
            while (j + 1 < indexes.size() && indexes.get(j + 1) == indexes.get(j) + 1) {
                j++;
            }
            ranges.add(i == j ? String.valueOf(indexes.get(i)) : indexes.get(i) + "–" + indexes.get(j));
            i = j + 1;
        }
        return (indexes.size() == 1 ? "step " : "steps ") + String.join(", ", ranges);
    }
}
