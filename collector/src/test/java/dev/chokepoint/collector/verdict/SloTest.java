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

    static StepTraffic traffic(double p50, double p95, double p99, double errors, double mean) {
        return new StepTraffic(1000, 100, p50, Double.NaN, p95, p99, errors, StepTraffic.Source.SERVER, mean);
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

    @Test
    void reads_k6_threshold_expressions_in_milliseconds() {
        Slo slo = Slo.parse("p(95)<300,p(99)<1000,http_req_failed<0.01");

        assertThat(slo.terms()).containsExactly(new Slo.Term("p95", false, 0.3), new Slo.Term("p99", false, 1.0),
                new Slo.Term("errors", false, 0.01));
        assertThat(slo.describe()).isEqualTo("p95 < 300 ms, p99 < 1 s, errors < 1 %");
        assertThat(Slo.parse("avg<200").terms()).containsExactly(new Slo.Term("avg", false, 0.2));
        assertThat(Slo.parse("med<=150").terms()).containsExactly(new Slo.Term("p50", true, 0.15));
        assertThat(Slo.parse("p(90)<1.5s").terms()).containsExactly(new Slo.Term("p90", false, 1.5));
        assertThat(Slo.parse("rate<0.05").terms()).containsExactly(new Slo.Term("errors", false, 0.05));
    }

    @Test
    void reads_what_k6_writes_inside_the_quotes_and_the_whole_threshold_line() {
        Slo pasted = Slo.parse("http_req_duration: ['p(95)<300', 'p(99)<1000'], http_req_failed: ['rate<0.01']");
        Slo quoted = Slo.parse("'p(95)<300'");

        assertThat(pasted.terms()).containsExactly(new Slo.Term("p95", false, 0.3), new Slo.Term("p99", false, 1.0),
                new Slo.Term("errors", false, 0.01));
        assertThat(quoted.terms()).containsExactly(new Slo.Term("p95", false, 0.3));
        assertThat(pasted.text()).as("the text as given, for report.json").startsWith("http_req_duration: [");
    }

    @Test
    void both_forms_mix_and_durations_are_go_style() {
        Slo slo = Slo.parse("p(95)<300, p99<=1m30s, errors<=1%");

        assertThat(slo.terms()).containsExactly(new Slo.Term("p95", false, 0.3), new Slo.Term("p99", true, 90),
                new Slo.Term("errors", true, 0.01));
    }

    @Test
    void strictly_below_misses_a_value_on_the_bound_at_most_meets_it() {
        StepTraffic onTheBound = traffic(0.1, 0.3, 1.0, 0.01, 0.2);

        assertThat(Slo.parse("p(95)<300").met(onTheBound)).isFalse();
        assertThat(Slo.parse("p95<=300ms").met(onTheBound)).isTrue();
        assertThat(Slo.parse("http_req_failed<0.01").met(onTheBound)).isFalse();
        assertThat(Slo.parse("errors<=1%").met(onTheBound)).isTrue();
        assertThat(Slo.parse("avg<200").failures(onTheBound)).containsExactly("avg 200 ms (limit 200 ms)");
        assertThat(Slo.parse("avg<=200").met(onTheBound)).isTrue();
    }

    @Test
    void a_run_without_a_mean_cannot_check_avg() {
        assertThat(Slo.parse("avg<200").met(traffic(0.1, 0.2, 0.3))).isNull();
    }

    @Test
    void k6_expressions_chokepoint_cannot_judge_say_why_and_show_a_correct_one() {
        assertThatThrownBy(() -> Slo.parse("p(95)>300")).hasMessageContaining("an SLO is an upper bound: use <")
                .hasMessageContaining("p(95)<300,p(99)<1000,http_req_failed<0.01");
        assertThatThrownBy(() -> Slo.parse("p(99.9)<500")).hasMessageContaining("percentile 99.9 is not measured");
        assertThatThrownBy(() -> Slo.parse("max<500")).hasMessageContaining("'max' is not an aggregate chokepoint judges");
        assertThatThrownBy(() -> Slo.parse("checks: ['rate>0.9']")).hasMessageContaining("not checks");
        assertThatThrownBy(() -> Slo.parse("http_req_duration{name:login}: ['p(95)<300']"))
                .hasMessageContaining("tagged requests");
        assertThatThrownBy(() -> Slo.parse("http_req_failed: ['p(95)<300']")).hasMessageContaining("judged by its rate");
        assertThatThrownBy(() -> Slo.parse("http_req_duration<300")).hasMessageContaining("say which aggregate");
        assertThatThrownBy(() -> Slo.parse("errors<=5")).hasMessageContaining("a fraction from 0 to 1");
        assertThatThrownBy(() -> Slo.parse("p(95)<fast")).hasMessageContaining("'fast' is not a time");
        assertThatThrownBy(() -> Slo.parse(",")).hasMessageContaining("has no term");
    }

    @Test
    void a_semicolon_ends_a_k6_metric_name_so_repeated_options_read_as_alone() {
        Slo slo = Slo.parse("http_req_failed: rate<0.01; p95<=300ms");

        assertThat(slo.terms()).containsExactly(new Slo.Term("errors", false, 0.01), new Slo.Term("p95", true, 0.3));
    }
}
