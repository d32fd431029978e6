package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.analysis.Analysis;
import dev.chokepoint.collector.analysis.AnalysisOptions;
import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.steps.StepSource;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.RunReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With steps detected from the server, latency comes from the servers' request timers, which start
 * when a worker takes the request: the time queued for a worker is not in them.
 */
class QueueWaitTest {

    @Test
    void a_step_whose_requests_queued_for_a_worker_is_not_said_to_meet_the_slo_on_the_servers_latency() throws Exception {
        // given hey at 10/30/120/200 RPS on 4 Tomcat workers, read without hey's schedule: at 120
        // and 200 RPS 20 then 36 requests queued for a worker, while the timers read p95 ~180 ms
        Path dir = Path.of(QueueWaitTest.class.getClassLoader().getResource("recorded/workers-hey-detected-ci").toURI());
        RunData run = RunReader.read(dir);

        // when
        Report report = Analysis.analyze(run, StepSource.detected().steps(run), AnalysisOptions.defaults());

        // then the two steps at the workers' capacity are n/a, saying the wait, and the headline claims no SLO met there
        assertThat(report.steps()).hasSize(4);
        assertThat(report.steps().subList(0, 2)).allMatch(v -> Boolean.TRUE.equals(v.sloMet()));
        assertThat(report.steps().subList(2, 4)).allSatisfy(v -> {
            assertThat(v.sloMet()).isNull();
            assertThat(v.sloFailures()).singleElement().asString().contains("waited for a worker").contains("p95");
        });
        assertThat(report.headline()).doesNotContain("every step met the SLO").startsWith("Capacity ≈ 29.6 RPS");
    }
}
