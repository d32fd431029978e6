package dev.chokepoint.collector.progress;

import java.util.List;

/** Tells which steps have ended by now, so each gets its progress line once. */
interface StepClock {

    /** A step window; {@code index} 1-based. */
    record Window(int index, long startMillis, long endMillis) {
    }

    /** Every step known to have ended by {@code now} (those already printed included). */
    List<Window> ended(long now, List<TickTotals> history);
}
