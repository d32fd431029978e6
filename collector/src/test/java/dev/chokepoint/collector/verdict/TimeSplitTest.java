package dev.chokepoint.collector.verdict;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which part of a request's time grew, in words: named waits when the agent recorded them. */
class TimeSplitTest {

    private static TimeSplit split(double cpu, double lock, double other) {
        Map<String, Double> means = new HashMap<>();
        TimeSplit.PARTS.keySet().forEach(part -> means.put(part, Double.NaN));
        means.put("request_cpu_mean", cpu);
        means.put("request_lock_wait_mean", lock);
        means.put("request_other_wait_mean", other);
        return new TimeSplit(means);
    }

    @Test
    void a_lock_that_grew_is_named_and_other_wait_says_it_no_longer_holds_locks() {
        TimeSplit low = split(0.020, 0.001, 0.004);
        TimeSplit high = split(0.021, 0.480, 0.006);

        assertThat(high.grewMost(low)).isEqualTo("request_lock_wait_mean");
        assertThat(high.growth("request_lock_wait_mean", low, "the lowest step"))
                .isEqualTo("lock wait (synchronized): 1 ms → 480 ms per request (×480 the lowest step)");
        assertThat(high.growth("request_other_wait_mean", low, "the lowest step"))
                .startsWith("other wait (sleeps, and waits not named");
    }

    @Test
    void without_named_waits_other_wait_still_says_it_holds_locks_and_executors() {
        TimeSplit low = split(0.020, Double.NaN, 0.004);
        TimeSplit high = split(0.021, Double.NaN, 0.480);

        assertThat(high.grewMost(low)).isEqualTo("request_other_wait_mean");
        assertThat(high.growth("request_other_wait_mean", low, "the lowest step"))
                .startsWith("other wait (locks, executors, sleeps, clients without a probe): ");
    }
}
