package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.signals.Grid;
import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.store.ScrapeEvent.Kind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which recording events make a healthy step limited: a restart does, a counter going down does not. */
class LimitJudgeTest {

    private static final String TARGET = "http://127.0.0.1:9464/metrics";
    private static final long T0 = 1_764_450_000_000L;
    private static final Step LOW = new Step(1, T0, T0 + 60_000, 10, Step.Source.SCHEDULE, null);
    private static final Step HIGHER = new Step(2, T0 + 60_000, T0 + 120_000, 20, Step.Source.SCHEDULE, null);
    private static final Slo SLO = Slo.parse("p95<=300ms,p99<=1s,errors<=1%");

    @Test
    void a_headroom_step_whose_counters_went_down_in_a_live_process_is_not_limited() {
        // given two steps the service kept up with, where a counter dipped every second (virtual threads)
        List<ScrapeEvent> events = List.of(
                event(T0 + 1000, Kind.COUNTER_DECREASE, "1 counter(s) went down while the process stayed the same "
                        + "(agent instance 6f1c2a52, pid 4242, started 20:59:50 UTC): "
                        + "chokepoint_request_core_wait_seconds_total 5.0 → 4.99"),
                event(T0 + 61_000, Kind.COUNTER_DECREASE, "1 counter(s) went down while the process stayed the same "
                        + "(agent instance 6f1c2a52, pid 4242, started 20:59:50 UTC): jvm_gc_pause_seconds_sum 2.0 → 1.9"));

        // when each is judged
        LimitJudge judge = judge(events);

        // then neither is limited
        assertThat(judge.judge(LOW, healthy(10), reference(), SLO).limited()).isFalse();
        assertThat(judge.judge(HIGHER, healthy(20), reference(), SLO).limited()).isFalse();
    }

    @Test
    void a_reset_of_a_run_recorded_before_identities_is_not_taken_for_a_restart() {
        // given an older run's event: some counter went down, a restart or not
        List<ScrapeEvent> events = List.of(event(T0 + 61_000, Kind.RESET,
                "1 counter(s) went down, the target restarted: chokepoint_request_core_wait_seconds_total 5.0 → 4.99"));

        assertThat(judge(events).judge(HIGHER, healthy(20), reference(), SLO).limited()).isFalse();
    }

    @Test
    void a_step_in_which_the_process_changed_is_limited_by_the_restart() {
        List<ScrapeEvent> events = List.of(event(T0 + 61_000, Kind.RESTART, "a new process: agent instance a → b"));

        StepLimit limit = judge(events).judge(HIGHER, healthy(20), reference(), SLO);

        assertThat(limit.symptoms()).extracting(Symptom::kind).containsExactly("restarted");
        assertThat(limit.symptoms().get(0).text()).isEqualTo("the service restarted at 21:01:01 (a new process: agent instance a → b)");
        assertThat(judge(events).judge(LOW, healthy(10), reference(), SLO).limited()).as("the step before").isFalse();
    }

    private static LimitJudge judge(List<ScrapeEvent> events) {
        return new LimitJudge(Grid.covering(T0, T0 + 120_000), List.of(), events, null);
    }

    private static ReferenceStep reference() {
        StepVerdict low = new StepVerdict(LOW, healthy(10), true, List.of(), List.of(), null, List.of(), null, StepLimit.NONE);
        return new ReferenceStep(low, low);
    }

    /** Kept up with its offer at 20 ms p95. */
    private static StepTraffic healthy(double rps) {
        return new StepTraffic(rps * 60, rps, 0.010, 0.018, 0.020, 0.030, 0, StepTraffic.Source.SERVER);
    }

    private static ScrapeEvent event(long time, Kind kind, String detail) {
        return new ScrapeEvent(TARGET, time, kind, detail);
    }
}
