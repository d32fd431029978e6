package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.report.ReportFormat;
import dev.chokepoint.collector.report.model.ModelBuilder;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The headline as the design defines it, on recorded runs: capacity at the knee, the first
 * saturated resource with when it began, then where the service stopped keeping up when that is
 * another step; and a next-bottleneck line that starts from the limit the run reached.
 */
class HeadlineOnRecordedRunsTest {

    private static Report report(String name) throws Exception {
        RecordedRun r = RecordedRun.load(Path.of(HeadlineOnRecordedRunsTest.class.getClassLoader()
                .getResource("recorded/" + name).toURI()));
        return Analysis.analyze(r.run(), r.steps(), AnalysisOptions.defaults());
    }

    private static String markdown(Report report) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReportFormat.MD.writer().write(ModelBuilder.of(report), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void a_resource_that_saturated_before_the_service_stopped_keeping_up_comes_first() throws Exception {
        // cpu-warm120-ci: the CPU's rule held at 15 RPS, where the service still kept up; it fell behind at 40
        String headline = report("cpu-warm120-ci").headline();

        assertThat(headline).startsWith("Capacity ≈ 15 RPS at p95 ≤ 300 ms, p99 ≤ 1 s, errors ≤ 1 %; at 15 RPS the CPU "
                + "saturated first, from ").contains(" in step 2 (").contains("; the service stopped keeping up at 40 RPS (achieved 21.8 of 40 RPS");
    }

    @Test
    void a_step_no_rule_explains_is_where_the_service_stopped_keeping_up_not_the_first_saturated_resource() throws Exception {
        // slow-query-ci: unattributed at 15 RPS (a loaded machine), the database from 45 RPS
        String headline = report("slow-query-ci").headline();

        assertThat(headline).contains("; the service stopped keeping up at 15 RPS and no rule names the cause there (")
                .contains("; at 45 RPS the database saturated first, from ");
        assertThat(headline.indexOf("15 RPS and no rule")).isLessThan(headline.indexOf("the database saturated first"));
    }

    @Test
    void the_next_bottleneck_after_an_unattributed_limit_starts_from_it() throws Exception {
        // lock-ci: a lock no rule named limited at 80 RPS; the CPU never limited
        Report report = report("lock-ci");

        assertThat(report.next().after().id()).isEqualTo("unattributed");
        assertThat(markdown(report)).contains("after the unattributed limit, ").doesNotContain("after CPU,");
    }

    @Test
    void the_next_bottleneck_of_a_run_that_reached_no_limit_says_its_first_one_is_predicted() throws Exception {
        // headroom-ci: nothing saturated or fell behind at 5-8 RPS
        Report report = report("headroom-ci");

        assertThat(markdown(report)).contains("after " + report.next().after().displayName() + " (predicted), ");
    }
}
