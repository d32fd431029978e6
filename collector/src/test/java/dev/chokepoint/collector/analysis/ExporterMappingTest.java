package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.signals.DependencyExporter;
import dev.chokepoint.collector.signals.DependencyExporters;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;
import dev.chokepoint.collector.verdict.Finding;
import dev.chokepoint.collector.verdict.StepVerdict;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Which database MySQL's exporter speaks for: mysqld_exporter labels no series with the server's
 * address, so the collector joins it by the server's port (its {@code port} variable) on the
 * exporter's own host, or by the {@code #dependency=host:port} a user ends its target URL with.
 * On db-row-lock-mariadb-ci: the service on MariaDB at 127.0.0.1:3306, MySQL's exporter and the
 * node exporter on loopback; database-row-locks from step 3.
 */
class ExporterMappingTest {

    private static final Path RUN = Path.of("src/test/resources/recorded/db-row-lock-mariadb-ci");

    @Test
    void mysqls_exporter_beside_the_database_is_joined_by_the_servers_port_and_names_mariadb() throws Exception {
        RecordedRun recorded = RecordedRun.load(RUN);

        Finding step3 = Analysis.analyze(recorded.run(), recorded.steps(), AnalysisOptions.defaults()).steps().get(2).firstSaturated();

        assertThat(step3.rule()).isEqualTo("database-row-locks");
        assertThat(step3.summary()).startsWith("MariaDB 10.11.19 at 127.0.0.1:3306: row lock waits, ");
    }

    @Test
    void an_exporter_reached_at_another_address_is_joined_only_by_its_dependency_fragment() throws Exception {
        // given the same recording, as if MySQL's exporter had been scraped on another host
        RecordedRun recorded = RecordedRun.load(RUN);
        String exporter = mysqlExporter(recorded.run());
        RunData elsewhere = renamed(recorded.run(), exporter, "http://10.9.9.9:9104/metrics");
        RunData mapped = renamed(recorded.run(), exporter, "http://10.9.9.9:9104/metrics#dependency=localhost:3306");
        RunData mappedToAnother = renamed(recorded.run(), exporter, "http://10.9.9.9:9104/metrics#dependency=127.0.0.1:3307");

        // then without the fragment it speaks for no database the agent saw (the agent's view stays),
        // with it for the one it names, and only that one
        assertThat(rule(elsewhere, recorded, 2)).isNotEqualTo("database-row-locks");
        assertThat(rule(mappedToAnother, recorded, 2)).isNotEqualTo("database-row-locks");
        Finding step3 = Analysis.analyze(mapped, recorded.steps(), AnalysisOptions.defaults()).steps().get(2).firstSaturated();
        assertThat(step3.rule()).isEqualTo("database-row-locks");
        assertThat(step3.summary()).startsWith("MariaDB 10.11.19 at localhost:3306: ");
    }

    @Test
    void a_fragment_that_names_no_dependency_is_refused_with_the_form_to_use() {
        assertThat(DependencyExporter.declaredDependency("http://127.0.0.1:9104/metrics")).isNull();
        assertThat(DependencyExporter.declaredDependency("http://127.0.0.1:9104/metrics#dependency=db.internal:3306"))
                .isEqualTo("db.internal:3306");
        assertThat(DependencyExporter.declaredDependency("http://127.0.0.1:9100/metrics#dependency=[::1]:5432"))
                .isEqualTo("[::1]:5432");
        assertThatThrownBy(() -> DependencyExporter.declaredDependency("http://127.0.0.1:9104/metrics#db=127.0.0.1:3306"))
                .hasMessageContaining("'#db=127.0.0.1:3306' does not name a dependency; end the URL with #dependency=HOST:PORT");
        assertThatThrownBy(() -> DependencyExporter.declaredDependency("http://127.0.0.1:9104/metrics#dependency=127.0.0.1:port"))
                .hasMessageContaining("does not name a dependency");
    }

    private static String rule(RunData run, RecordedRun recorded, int step) throws Exception {
        StepVerdict v = Analysis.analyze(run, recorded.steps(), AnalysisOptions.defaults()).steps().get(step);
        return v.firstSaturated() == null ? "none" : v.firstSaturated().rule();
    }

    static String mysqlExporter(RunData run) {
        return run.targets().stream().filter(t -> DependencyExporters.kindOf(run, t).orElse(null) == DependencyExporter.Kind.MYSQL)
                .findFirst().orElseThrow();
    }

    /** The run as if {@code from} had been recorded under the target URL {@code to}. */
    private static RunData renamed(RunData run, String from, String to) {
        List<String> targets = run.targets().stream().map(t -> t.equals(from) ? to : t).toList();
        List<Series> series = run.series().stream().map(s -> !s.key().target().equals(from) ? s
                : new Series(SeriesKey.of(to, s.key().name(), s.key().labels()), s.timesMillis(), s.values())).toList();
        List<ScrapeEvent> events = run.events().stream().map(e -> !e.target().equals(from) ? e
                : new ScrapeEvent(to, e.timeMillis(), e.kind(), e.detail())).toList();
        return new RunData(run.startMillis(), run.endMillis(), targets, series, events, run.gaps());
    }
}
