package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Map;

import static dev.chokepoint.collector.signals.CounterAndGaugeSamplingTest.series;
import static dev.chokepoint.collector.signals.CounterAndGaugeSamplingTest.target;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The CPU that grows with the requests, which the utilization law reads at one early step: a cold
 * JVM on 2 cores using 1.2 of them, 0.6 compiling, 0.4 in the requests' threads, 0.05 in GC pauses
 * and 0.15 in G1's concurrent threads.
 */
class CpuSignalsTest {

    private static double[] growing(double perSecond) {
        double[] v = new double[11];
        Arrays.setAll(v, i -> perSecond * i);
        return v;
    }

    private static double[] constant(double value) {
        double[] v = new double[11];
        Arrays.fill(v, value);
        return v;
    }

    private static SignalFrame cpu(Series... s) {
        TargetSeries in = target(s);
        SignalFrame out = new SignalFrame(in.target(), in.grid());
        new CpuSignals().compute(in, null, out);
        return out;
    }

    private static Series[] coldJvm(boolean compilersExported) {
        Series[] common = {
                series("system_cpu_count", Map.of(), constant(2)),
                series("chokepoint_cpu_quota_cores", Map.of(), constant(1.5)),
                series("process_cpu_time_ns_total", Map.of(), growing(1.2e9)),
                series("chokepoint_request_cpu_seconds_sum", Map.of(), growing(0.4)),
                series("jvm_gc_pause_seconds_sum", Map.of(), growing(0.05))};
        if (!compilersExported) {
            return common;
        }
        Series[] with = Arrays.copyOf(common, common.length + 1);
        with[common.length] = series("chokepoint_jit_cpu_seconds_total", Map.of(), growing(0.6));
        return with;
    }

    @Test
    void with_the_compilers_cpu_the_requests_share_is_the_process_less_the_compiling() {
        SignalFrame out = cpu(coldJvm(true));

        assertThat(out.values("cpu_jit_utilization")[8]).isCloseTo(0.3, within(1e-9));
        assertThat(out.values("cpu_request_utilization")[8]).as("(1.2 − 0.6) / 2, G1's concurrent work kept")
                .isCloseTo(0.3, within(1e-9));
        assertThat(out.values("cpu_quota_request_utilization")[8]).isCloseTo(0.4, within(1e-9));
    }

    @Test
    void without_it_the_requests_share_is_their_threads_and_the_pauses() {
        SignalFrame out = cpu(coldJvm(false));

        assertThat(out.values("cpu_jit_utilization")[8]).isNaN();
        assertThat(out.values("cpu_request_utilization")[8]).as("0.4 / 2 + 0.05").isCloseTo(0.25, within(1e-9));
        assertThat(out.values("cpu_quota_request_utilization")[8]).as("0.4 / 1.5 + 0.05").isCloseTo(0.4 / 1.5 + 0.05, within(1e-9));
    }
}
