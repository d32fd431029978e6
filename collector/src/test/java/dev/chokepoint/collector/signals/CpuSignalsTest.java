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
 * What the utilization law reads of the CPU at one early step: a cold JVM on 2 cores (a quota of
 * 1.5) using 1.2 of them, 0.6 compiling, 0.4 in the requests' threads, 0.05 in GC pauses and 0.15
 * in G1's concurrent threads.
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
    void the_compilers_cpu_is_a_share_of_the_cores_and_of_the_quota_and_the_requests_own_stays_theirs() {
        SignalFrame out = cpu(coldJvm(true));

        assertThat(out.values("cpu_jit_utilization")[8]).as("0.6 / 2").isCloseTo(0.3, within(1e-9));
        assertThat(out.values("cpu_quota_jit_utilization")[8]).as("0.6 / 1.5").isCloseTo(0.4, within(1e-9));
        assertThat(out.values("cpu_request_utilization")[8]).as("0.4 / 2 + 0.05").isCloseTo(0.25, within(1e-9));
        assertThat(out.values("cpu_quota_request_utilization")[8]).as("0.4 / 1.5 + 0.05").isCloseTo(0.4 / 1.5 + 0.05, within(1e-9));
    }

    @Test
    void the_background_is_the_compilers_and_g1s_concurrent_threads_where_both_are_exported() {
        Series[] cold = coldJvm(true);
        Series[] withG1 = Arrays.copyOf(cold, cold.length + 1);
        withG1[cold.length] = series("chokepoint_gc_concurrent_cpu_seconds_total", Map.of(), growing(0.15));

        SignalFrame out = cpu(withG1);

        assertThat(out.values("cpu_gc_concurrent_utilization")[8]).as("0.15 / 2").isCloseTo(0.075, within(1e-9));
        assertThat(out.values("cpu_background_utilization")[8]).as("(0.6 + 0.15) / 2").isCloseTo(0.375, within(1e-9));
        assertThat(out.values("cpu_quota_background_utilization")[8]).as("0.75 / 1.5").isCloseTo(0.5, within(1e-9));
    }

    @Test
    void from_an_agent_without_g1s_concurrent_cpu_the_background_is_the_compilers() {
        SignalFrame out = cpu(coldJvm(true));

        assertThat(out.values("cpu_gc_concurrent_utilization")[8]).isNaN();
        assertThat(out.values("cpu_background_utilization")[8]).as("0.6 / 2").isCloseTo(0.3, within(1e-9));
    }

    @Test
    void from_an_agent_without_the_compilers_cpu_it_is_unknown() {
        SignalFrame out = cpu(coldJvm(false));

        assertThat(out.values("cpu_jit_utilization")[8]).isNaN();
        assertThat(out.values("cpu_background_utilization")[8]).isNaN();
        assertThat(out.values("cpu_request_utilization")[8]).isCloseTo(0.25, within(1e-9));
    }
}
