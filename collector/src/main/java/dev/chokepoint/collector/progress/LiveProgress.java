package dev.chokepoint.collector.progress;

import dev.chokepoint.collector.scrape.ScrapeOutcome;
import dev.chokepoint.collector.scrape.TickListener;
import dev.chokepoint.collector.steps.StepSource;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One line on stderr per step as it ends, while recording (stdout stays the load tool's). Steps
 * come from the schedule file when there is one, else they are detected live from the request rate
 * (k6 and JMeter outputs are only complete when the tool ends).
 */
public final class LiveProgress implements TickListener {

    /** A day of 1 s rounds; older rounds are dropped so a forgotten `record` stays bounded. */
    private static final int MAX_HISTORY = 86_400;

    private final StepClock clock;
    private final PrintStream err;
    private final TickAccumulator accumulator = new TickAccumulator();
    private final List<TickTotals> history = new ArrayList<>();
    private final Set<Integer> printed = new HashSet<>();

    LiveProgress(StepClock clock, PrintStream err) {
        this.clock = clock;
        this.err = err;
    }

    public static LiveProgress create(StepSource source, PrintStream err) {
        StepClock clock = source.kind() == StepSource.Kind.SCHEDULE
                ? new ScheduleClock(source.file()) : new DetectionClock();
        return new LiveProgress(clock, err);
    }

    @Override
    public void onTick(long timeMillis, List<ScrapeOutcome> outcomes) {
        history.add(accumulator.add(timeMillis, outcomes));
        if (history.size() > MAX_HISTORY) {
            history.subList(0, history.size() - MAX_HISTORY).clear();
        }
        for (StepClock.Window step : clock.ended(timeMillis, history)) {
            if (printed.add(step.index())) {
                err.println(StepLine.format(step, history));
            }
        }
    }
}
