package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.signals.StepTraffic;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The SLO string is read like a k6 threshold and checked per step. */
class SloTest {

    static StepTraffic traffic(double p95, double p99, double errors) {
        return new StepTraffic(1000, 100, Double.NaN, Double.NaN, p95, p99, errors, StepTraffic.Source.SERVER);
    }

    @Test
    void reads_quantiles_with_time_units_and_errors_as_percent_or_fraction() {
        Slo slo = Slo.parse("p95<=300ms, p99<1s,errors<=0.5%");

        assertThat(slo.describe()).isEqualTo("p95 ≤ 300 ms, p99 < 1 s, errors ≤ 0.5 %");
        assertThat(Slo.parse("errors<=0.01").terms().get(0).limit()).isEqualTo(0.01);
        assertThat(Slo.parse("p50<=250us").terms().get(0).limit()).isEqualTo(0.00025);
    }

    @Test
    void a_step_meets_it_only_if_every_term_holds_and_says_which_missed() {
        Slo slo = Slo.parse("p95<=300ms,p99<1s,errors<=1%");

        assertThat(slo.met(traffic(0.25, 0.9, 0.001))).isTrue();
        assertThat(slo.met(traffic(0.25, 1.0, 0.001))).as("p99 < 1 s is strict").isFalse();
        assertThat(slo.failures(traffic(0.45, 0.9, 0.02))).containsExactly("p95 450 ms (limit 300 ms)", "errors 2 % (limit 1 %)");
    }

    @Test
    void a_step_without_latency_data_is_not_checkable_rather_than_met() {
        Slo slo = Slo.parse("p95<=300ms,errors<=1%");

        assertThat(slo.met(traffic(Double.NaN, Double.NaN, 0))).isNull();
        assertThat(slo.met(traffic(Double.NaN, Double.NaN, 0.5))).as("a known miss still counts").isFalse();
    }

    @Test
    void bad_terms_name_the_option_and_the_expected_form() {
        assertThatThrownBy(() -> Slo.parse("p95=300ms")).hasMessageContaining("--slo \"p95=300ms\"")
                .hasMessageContaining("p95<=300ms");
        assertThatThrownBy(() -> Slo.parse("p95<=300")).hasMessageContaining("needs a time unit");
        assertThatThrownBy(() -> Slo.parse("errors<=1ms")).hasMessageContaining("errors take % or a fraction");
        assertThatThrownBy(() -> Slo.parse(" ")).hasMessageContaining("--slo is empty");
    }
}
