package dev.chokepoint.collector.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;
import dev.chokepoint.collector.verdict.StepVerdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Adding a resource is adding YAML: a user rule file declares a resource the collector has never
 * heard of and a rule for it, and the new resource is judged, explained as the cause of the
 * known ones, and reported in every format and in the fleet view.
 */
class ResourceAsDataTest {

    static final String RULE_FILE = """
            schema: 1
            resources:
              - id: request-backlog
                name: request backlog
                utilization: queued requests / 100
                saturation: requests waiting for a worker
            rules:
              - id: backlog-grows
                resource: request-backlog
                severity: critical
                when: worker_queue >= params.min_queue
                sustain: 3s
                params: {min_queue: 20}
                utilization: worker_queue / 100.0
                saturation: worker_queue
                explains: [connection-pool, tomcat-workers]
                summary: "{worker_queue} requests queued"
                advice: "Shed load before it queues."
            """;

    @Test
    void a_resource_declared_in_a_user_file_is_judged_and_reported_everywhere(@TempDir Path dir) throws Exception {
        // given the pool case served by two instances, and a rule file declaring a new resource
        Path rules = Files.writeString(dir.resolve("backlog.yaml"), RULE_FILE);
        CaseFixture pool = CaseFixture.load("cases/pool.yaml");
        RunData twoInstances = twoInstances(pool.run);

        // when
        AnalysisResult result = Analysis.run(twoInstances, pool.steps,
                new AnalysisOptions(List.of(rules), AnalysisOptions.DEFAULT_SLO, Set.of("md", "json", "html")), dir);

        // then the new resource is the cause at the last step, the pool its consequence
        Report report = result.report();
        StepVerdict last = report.steps().get(3);
        assertThat(last.firstSaturated().resource().id()).isEqualTo("request-backlog");
        assertThat(last.consequences()).anySatisfy(c -> {
            assertThat(c.resource().id()).isEqualTo("connection-pool");
            assertThat(c.explainedBy().id()).isEqualTo("request-backlog");
        });
        assertThat(report.headline()).contains("the request backlog saturated first");
        // in all three formats
        assertThat(Files.readString(dir.resolve("report.md"))).contains("request backlog saturated first", "| request backlog |");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("request backlog saturated first");
        JsonNode json = new ObjectMapper().readTree(dir.resolve("report.json").toFile());
        assertThat(json.at("/steps/3/firstSaturated/resource").asText()).isEqualTo("request-backlog");
        assertThat(json.at("/steps/3/resources").findValuesAsText("resource")).contains("request-backlog");
        // and in the fleet view, saturated on both instances: the fleet's capacity
        assertThat(report.fleet()).hasSize(4);
        assertThat(report.fleet().get(3).resource()).isEqualTo("request-backlog");
        assertThat(report.fleet().get(3).limit()).isEqualTo("every-instance");
        assertThat(json.at("/fleet/steps/3/resource").asText()).isEqualTo("request-backlog");
    }

    /** The same samples as if two instances had served the run. */
    private static RunData twoInstances(RunData one) {
        List<Series> series = new ArrayList<>();
        List<String> targets = List.of("a:9464", "b:9464");
        for (String t : targets) {
            for (Series s : one.series()) {
                series.add(new Series(new SeriesKey(t, s.key().name(), s.key().labels()), s.timesMillis(), s.values()));
            }
        }
        return new RunData(one.startMillis(), one.endMillis(), targets, series, one.events());
    }
}
