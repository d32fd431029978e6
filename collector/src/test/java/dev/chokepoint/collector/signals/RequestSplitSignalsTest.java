package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.chokepoint.collector.signals.CounterAndGaugeSamplingTest.series;
import static dev.chokepoint.collector.signals.CounterAndGaugeSamplingTest.target;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The per-request split with the request threads' named waits (lock, park, socket) taken out of "other wait". */
class RequestSplitSignalsTest {

    /** 10 requests/s of 100 ms wall and 20 ms CPU each; the threads blocked 50 ms on monitors and parked 10 ms per request. */
    private static Series[] loaded(double recording) {
        return loaded(recording, 1);
    }

    /** As above, with the CPU timer counting this share of the requests (0: all on virtual threads). */
    private static Series[] loaded(double recording, double cpuReadShare) {
        double[] count = new double[11];
        double[] wall = new double[11];
        double[] cpu = new double[11];
        double[] cpuCount = new double[11];
        double[] lock = new double[11];
        double[] park = new double[11];
        double[] socket = new double[11];
        double[] flag = new double[11];
        for (int i = 0; i < 11; i++) {
            count[i] = 10 * i;
            wall[i] = 1.0 * i;
            cpu[i] = 0.2 * i * cpuReadShare;
            cpuCount[i] = 10 * i * cpuReadShare;
            lock[i] = 0.5 * i;
            park[i] = 0.1 * i;
            flag[i] = recording;
        }
        return new Series[] {
                series("http_server_requests_seconds_count", Map.of(), count),
                series("http_server_requests_seconds_sum", Map.of(), wall),
                series("chokepoint_request_cpu_seconds_sum", Map.of(), cpu),
                series("chokepoint_request_cpu_seconds_count", Map.of(), cpuCount),
                series("chokepoint_request_wait_seconds_total", Map.of("kind", "lock"), lock),
                series("chokepoint_request_wait_seconds_total", Map.of("kind", "park"), park),
                series("chokepoint_request_wait_seconds_total", Map.of("kind", "socket"), socket),
                series("chokepoint_wait_recording", Map.of(), flag)};
    }

    private static SignalFrame split(Series... s) {
        TargetSeries in = target(s);
        SignalFrame out = new SignalFrame(in.target(), in.grid());
        new RequestSplitSignals().compute(in, null, out);
        return out;
    }

    @Test
    void named_waits_are_parts_of_their_own_and_leave_other_wait_with_the_rest() {
        SignalFrame out = split(loaded(1));

        assertThat(out.values("request_lock_wait_mean")[8]).isCloseTo(0.050, within(1e-9));
        assertThat(out.values("request_lock_wait_share")[8]).isCloseTo(0.5, within(1e-9));
        assertThat(out.values("request_park_wait_mean")[8]).isCloseTo(0.010, within(1e-9));
        assertThat(out.values("request_socket_wait_mean")[8]).isZero();
        assertThat(out.values("request_other_wait_mean")[8]).as("100 − 20 CPU − 50 lock − 10 park").isCloseTo(0.020, within(1e-9));
    }

    @Test
    void a_steps_costs_give_each_named_wait_per_request_of_any_route_only_when_jfr_recorded_throughout() {
        long from = CounterAndGaugeSamplingTest.T0;
        long to = from + 10_000;

        StepCosts.ThreadWaits recorded = CostBreakdown.of(1, java.util.List.of(target(loaded(1))), java.util.List.of(), java.util.List.of(), from, to).waits();
        StepCosts.ThreadWaits notYet = CostBreakdown.of(1, java.util.List.of(target(loaded(0))), java.util.List.of(), java.util.List.of(), from, to).waits();

        assertThat(recorded.lockMean()).isCloseTo(0.050, within(1e-9));
        assertThat(recorded.parkMean()).isCloseTo(0.010, within(1e-9));
        assertThat(recorded.socketMean()).isZero();
        assertThat(recorded.coreWaitMean()).as("no core-wait meter").isNaN();
        assertThat(notYet.lockMean()).isNaN();
    }

    @Test
    void before_jfr_records_the_named_waits_are_unknown_not_zero_and_other_wait_keeps_them() {
        SignalFrame out = split(loaded(0));

        assertThat(out.values("request_lock_wait_mean")[8]).isNaN();
        assertThat(out.values("request_other_wait_mean")[8]).isCloseTo(0.080, within(1e-9));
    }

    @Test
    void on_virtual_threads_the_cpu_a_request_took_is_unknown_not_zero() {
        long from = CounterAndGaugeSamplingTest.T0;
        SignalFrame out = split(loaded(1, 0));

        assertThat(out.values("request_cpu_mean")[8]).isNaN();
        assertThat(out.values("request_wall_mean")[8]).isCloseTo(0.100, within(1e-9));
        assertThat(CostBreakdown.of(1, java.util.List.of(target(loaded(1, 0))), java.util.List.of(), java.util.List.of(), from, from + 10_000)
                .routes().get(0).cpuMean()).isNaN();
    }
}
