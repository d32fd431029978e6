package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.signals.StepCosts;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.verdict.StepVerdict;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The collector's host view on a real run where PostgreSQL took the host's cores (db-cpu, recorded
 * with the host view beside the agent and the two exporters): it splits the host's busy CPU into
 * the run's parts, and it is evidence only: without it every verdict is the same.
 */
class HostViewRecordedTest {

    private static final Path RUN = Path.of("src/test/resources/recorded/db-cpu-host-view-ci");
    private static final String DATABASE = "127.0.0.1:5432";

    @Test
    void the_database_the_service_the_load_generator_and_the_rest_each_get_their_share() throws Exception {
        RecordedRun recorded = RecordedRun.load(RUN);

        Report report = Analysis.analyze(recorded.run(), recorded.steps(), AnalysisOptions.defaults());

        assertThat(report.run().hostViews()).hasSize(1);
        for (StepCosts costs : report.costs()) {
            Map<String, StepCosts.HostPart> parts = costs.hostParts().stream()
                    .collect(Collectors.toMap(StepCosts.HostPart::name, Function.identity()));
            assertThat(parts).containsKeys(DATABASE, "load generator", "collector", "others");
            assertThat(parts.keySet()).anyMatch(n -> n.startsWith("service http://127.0.0.1:"))
                    .anyMatch(n -> n.startsWith("exporter http://127.0.0.1:"));
            assertThat(parts.get(DATABASE).process()).isEqualTo("postgres");
            // Shares of one host's cores: none below zero, together at most the whole host.
            assertThat(parts.values()).allSatisfy(p -> assertThat(p.share()).isBetween(0.0, 1.0));
            assertThat(parts.values().stream().mapToDouble(StepCosts.HostPart::share).sum()).isLessThanOrEqualTo(1.02);
        }
        // From step 2 PostgreSQL's backends hold the cores (44-54 %), the service's JVM 7 %.
        for (StepCosts costs : report.costs().subList(1, report.costs().size())) {
            assertThat(share(costs, DATABASE)).isGreaterThan(4 * share(costs, costs.hostParts().stream()
                    .map(StepCosts.HostPart::name).filter(n -> n.startsWith("service ")).findFirst().orElseThrow()));
        }
    }

    @Test
    void without_the_host_view_every_verdict_is_the_same() throws Exception {
        RecordedRun recorded = RecordedRun.load(RUN);
        Report with = Analysis.analyze(recorded.run(), recorded.steps(), AnalysisOptions.defaults());
        String view = with.run().hostViews().get(0);
        RunData run = recorded.run();
        List<Series> series = run.series().stream().filter(s -> !s.key().target().equals(view)).toList();
        RunData without = new RunData(run.startMillis(), run.endMillis(),
                run.targets().stream().filter(t -> !t.equals(view)).toList(), series, run.events(), run.gaps());

        Report alone = Analysis.analyze(without, recorded.steps(), AnalysisOptions.defaults());

        assertThat(alone.headline()).isEqualTo(with.headline());
        assertThat(alone.steps().stream().map(HostViewRecordedTest::verdict))
                .containsExactlyElementsOf(with.steps().stream().map(HostViewRecordedTest::verdict).toList());
        assertThat(alone.costs()).allSatisfy(c -> assertThat(c.hostParts()).isEmpty());
        assertThat(alone.costs().get(2).backgroundHostCpu()).isCloseTo(with.costs().get(2).backgroundHostCpu(), within(1e-9));
    }

    private static double share(StepCosts costs, String name) {
        return costs.hostParts().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow().share();
    }

    private static String verdict(StepVerdict v) {
        return (v.firstSaturated() == null ? "none" : v.firstSaturated().rule()) + " limited=" + v.limit().limited();
    }
}
