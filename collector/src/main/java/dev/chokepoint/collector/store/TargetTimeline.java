package dev.chokepoint.collector.store;

import java.util.Arrays;

/** The scrape times of one target, in order; series positions index into it. */
final class TargetTimeline {
    private long[] times = new long[64];
    int count;

    int add(long time) {
        if (count == times.length) {
            times = Arrays.copyOf(times, count * 2);
        }
        times[count] = time;
        return count++;
    }

    long[] times() {
        return count == times.length ? times : (times = Arrays.copyOf(times, count));
    }
}
