package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.signals.DependencyExporters;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.verdict.StepVerdict;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A dependency's exporter that is slow, absent or answers garbage (the recorder turns each into
 * failed scrapes: one event when it starts failing) costs that dependency's signals only: the
 * service's verdicts fall back to what the agent alone says, and the run is never read as a
 * service that stopped answering. On db-cpu-ci, recorded with PostgreSQL's and the node exporter,
 * and db-row-lock-mariadb-ci, with MySQL's.
 */
class ExporterFailuresTest {

    private static final Path RUN = Path.of("src/test/resources/recorded/db-cpu-ci");
    private static final Path MARIADB_RUN = Path.of("src/test/resources/recorded/db-row-lock-mariadb-ci");

    @Test
    void an_exporter_that_stops_answering_mid_run_costs_its_signals_not_the_run() throws Exception {
        // given the PostgreSQL exporter's scrapes failing from step 3 on (timed out): one event for it
        RecordedRun recorded = RecordedRun.load(RUN);
        String exporter = exporter(recorded.run(), "pg_up");
        long from = recorded.steps().get(2).startMillis();
        RunData run = without(recorded.run(), exporter, from, "timed out");

        // when
        Report report = Analysis.analyze(run, recorded.steps(), AnalysisOptions.defaults());
        Report agentAlone = Analysis.analyze(without(recorded.run(), exporter, recorded.run().startMillis(), "timed out"),
                recorded.steps(), AnalysisOptions.defaults());

        // then no step reads as the service gone; step 2 keeps the exporter's reason, the later
        // steps get the verdict the agent's view alone gives
        assertThat(report.steps()).allSatisfy(v -> assertThat(symptoms(v)).doesNotContain("stopped-answering"));
        assertThat(report.steps().get(1).firstSaturated().rule()).isEqualTo("database-cpu");
        for (int i = 2; i < report.steps().size(); i++) {
            assertThat(verdict(report.steps().get(i))).isEqualTo(verdict(agentAlone.steps().get(i)));
        }
        assertThat(report.steps().stream().skip(2).map(ExporterFailuresTest::verdict)).doesNotContain("database-cpu");
        assertThat(report.run().events().stream().filter(e -> e.target().equals(exporter)
                && e.kind() == ScrapeEvent.Kind.FAILED)).hasSize(1);
    }

    @Test
    void mysqls_exporter_answering_garbage_from_step_3_on_costs_its_signals_not_the_run() throws Exception {
        // given db-row-lock-mariadb-ci with MySQL's exporter failing from step 3 on (its body no
        // exposition the parser reads): one event for it
        RecordedRun recorded = RecordedRun.load(MARIADB_RUN);
        String exporter = exporter(recorded.run(), "mysql_up");
        RunData run = without(recorded.run(), exporter, recorded.steps().get(2).startMillis(),
                "not Prometheus text or OpenMetrics: line 1");

        // when
        Report report = Analysis.analyze(run, recorded.steps(), AnalysisOptions.defaults());
        Report whole = Analysis.analyze(recorded.run(), recorded.steps(), AnalysisOptions.defaults());

        // then step 3 keeps the database, from the agent's view (the statement slowed down), not
        // the exporter's row locks; the service's own death after the stairs is read as before
        assertThat(verdict(whole.steps().get(2))).isEqualTo("database-row-locks");
        assertThat(report.steps().get(2).firstSaturated().resource().id()).isEqualTo("database");
        assertThat(report.steps().stream().skip(2).map(ExporterFailuresTest::verdict)).doesNotContain("database-row-locks");
        for (int i = 0; i < report.steps().size(); i++) {
            assertThat(symptoms(report.steps().get(i))).isEqualTo(symptoms(whole.steps().get(i)));
        }
        // (the recording's own events for it stay: it timed out now and then on the loaded host)
        assertThat(report.run().events().stream().filter(e -> e.target().equals(exporter)
                && e.kind() == ScrapeEvent.Kind.FAILED)).hasSize((int) failures(recorded.run(), exporter) + 1);
    }

    private static long failures(RunData run, String target) {
        return run.events().stream().filter(e -> e.target().equals(target) && e.kind() == ScrapeEvent.Kind.FAILED).count();
    }

    private static String verdict(StepVerdict v) {
        return v.firstSaturated() == null ? "none" : v.firstSaturated().rule();
    }

    @Test
    void exporters_that_never_answered_leave_todays_verdicts_and_no_exporter_rules_in_the_list() throws Exception {
        // given both exporters refusing every scrape from the start
        RecordedRun recorded = RecordedRun.load(RUN);
        RunData run = recorded.run();
        for (String marker : List.of("pg_up", "node_cpu_seconds_total")) {
            run = without(run, exporter(run, marker), run.startMillis(), "connection refused (ConnectException)");
        }

        // when
        Report report = Analysis.analyze(run, recorded.steps(), AnalysisOptions.defaults());

        // then the agent's own verdicts, no death, and the rule list as a run without exporters has it
        assertThat(report.steps()).allSatisfy(v -> assertThat(symptoms(v)).doesNotContain("stopped-answering"));
        assertThat(report.steps().stream().map(StepVerdict::firstSaturated).filter(Objects::nonNull)
                .map(f -> f.rule()).distinct()).doesNotContain("database-cpu", "database-row-locks");
        assertThat(report.rules()).noneMatch(r -> r.id().startsWith("database-") );
    }

    private static List<String> symptoms(StepVerdict v) {
        return v.limit().symptoms().stream().map(s -> s.kind()).toList();
    }

    private static String exporter(RunData run, String marker) {
        return run.targets().stream().filter(t -> DependencyExporters.kindOf(run, t).isPresent()
                && run.series().stream().anyMatch(s -> s.key().target().equals(t) && s.key().name().equals(marker)))
                .findFirst().orElseThrow();
    }

    /** The run as if {@code target}'s scrapes had failed from {@code fromMillis} on, with the recorder's one event. */
    private static RunData without(RunData run, String target, long fromMillis, String failure) {
        List<Series> series = new ArrayList<>();
        for (Series s : run.series()) {
            if (!s.key().target().equals(target)) {
                series.add(s);
                continue;
            }
            int n = 0;
            while (n < s.size() && s.timesMillis()[n] < fromMillis) {
                n++;
            }
            if (n > 0) {
                series.add(new Series(s.key(), Arrays.copyOf(s.timesMillis(), n), Arrays.copyOf(s.values(), n)));
            }
        }
        List<ScrapeEvent> events = new ArrayList<>(run.events());
        events.add(new ScrapeEvent(target, fromMillis + 1, ScrapeEvent.Kind.FAILED, failure));
        return new RunData(run.startMillis(), run.endMillis(), run.targets(), series, events, run.gaps());
    }
}
