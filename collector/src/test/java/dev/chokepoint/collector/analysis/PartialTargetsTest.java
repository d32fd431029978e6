package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the analysis does with less than the full agent: an Actuator endpoint, a fleet, a bad SLO. */
class PartialTargetsTest {

    @Test
    void an_actuator_target_lists_the_signals_its_rules_lacked_and_says_the_slo_was_not_checkable() throws Exception {
        CaseFixture actuator = CaseFixture.load("cases/pool-actuator.yaml");

        Report report = Analysis.analyze(actuator.run, actuator.steps, AnalysisOptions.defaults());

        Report.RuleInfo blocked = report.rules().stream().filter(r -> r.id().equals("workers-blocked-off-cpu")).findFirst().orElseThrow();
        assertThat(blocked.missingSignals()).contains("worker_queue", "request_cpu_share");
        Report.RuleInfo pool = report.rules().stream().filter(r -> r.id().equals("pool-exhausted")).findFirst().orElseThrow();
        assertThat(pool.missingSignals()).isEmpty();
        assertThat(report.knee()).as("no histogram buckets, no client stats: p95 unknown").isNull();
        assertThat(report.headline()).startsWith("SLO (p95 ≤ 300 ms, p99 ≤ 1 s, errors ≤ 1 %) not checkable")
                .contains("the connection pool saturated first");
    }

    @Test
    void the_load_tools_own_latency_decides_the_knee_when_given() throws Exception {
        CaseFixture actuator = CaseFixture.load("cases/pool-actuator.yaml");
        List<Step> withClient = new ArrayList<>();
        for (Step s : actuator.steps) {
            double p95 = s.index() < 4 ? 0.02 : 1.2;
            withClient.add(new Step(s.index(), s.startMillis(), s.endMillis(), s.offeredRps(), Step.Source.SCHEDULE,
                    new Step.ClientStats((long) (s.offeredRps() * 20), s.offeredRps(), p95 / 2, p95, p95 * 1.2, 0)));
        }

        Report report = Analysis.analyze(actuator.run, withClient, AnalysisOptions.defaults());

        assertThat(report.knee().stepIndex()).isEqualTo(3);
        assertThat(report.headline()).startsWith("Capacity ≈ 100 RPS at p95 ≤ 300 ms");
        assertThat(report.steps().get(3).traffic().p95Seconds()).isEqualTo(1.2);
    }

    @Test
    void in_a_fleet_the_verdict_names_the_target_that_saturated() throws Exception {
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        CaseFixture idle = CaseFixture.load("cases/headroom.yaml");
        List<Series> both = new ArrayList<>(pool.run.series());
        idle.run.series().stream()
                .filter(s -> s.timesMillis()[s.size() - 1] <= pool.run.endMillis())
                .map(s -> new Series(new SeriesKey("other:9464", s.key().name(), s.key().labels()), s.timesMillis(), s.values()))
                .forEach(both::add);
        RunData fleet = new RunData(pool.run.startMillis(), pool.run.endMillis(), List.of("app:9464", "other:9464"), both, List.of());

        Report report = Analysis.analyze(fleet, pool.steps, AnalysisOptions.defaults());

        assertThat(report.steps().get(3).firstSaturated().resource().id()).isEqualTo("connection-pool");
        assertThat(report.steps().get(3).firstSaturated().target()).isEqualTo("app:9464");
        assertThat(report.steps().get(0).firstSaturated()).isNull();
    }

    @Test
    void a_bad_slo_names_the_option_and_the_expected_form() throws Exception {
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        AnalysisOptions bad = new AnalysisOptions(List.of(), "p95<=300", java.util.Set.of("md"));

        assertThatThrownBy(() -> Analysis.analyze(pool.run, pool.steps, bad))
                .isInstanceOf(AnalysisException.class)
                .hasMessageContaining("--slo \"p95<=300\"")
                .hasMessageContaining("time unit");
    }

    @Test
    void a_bad_user_rule_file_fails_the_analysis_with_file_and_line() throws Exception {
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        java.nio.file.Path file = java.nio.file.Path.of(getClass().getClassLoader().getResource("rules/unknown-signal.bad.yaml").toURI());

        assertThatThrownBy(() -> Analysis.analyze(pool.run, pool.steps, new AnalysisOptions(List.of(file), null, java.util.Set.of("md"))))
                .isInstanceOf(AnalysisException.class)
                .hasMessageContaining(file + ":6: rule 'typo': when: unknown signal 'pool_pendng'");
    }
}
