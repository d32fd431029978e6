package dev.chokepoint.collector.analysis;

import dev.chokepoint.collector.report.Report;
import dev.chokepoint.collector.verdict.Finding;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A step between two steps that name the same resource does not read as unattributed without
 * saying why (issue 41: PostgreSQL's CPU as the limit read database, database, unattributed,
 * database).
 */
class ConsistentVerdictsTest {

    private static final String DIP = "consistency/database-dip.yaml";

    @Test
    void a_step_whose_rule_held_for_less_than_its_sustain_time_between_two_database_steps_is_the_database() throws Exception {
        // given stairs 8/18/35/70 where the statement dips under ×2 at 35 RPS and crosses it for its last seconds
        CaseFixture f = CaseFixture.load(DIP);

        // when
        Report report = Analysis.analyze(f.run, f.steps, AnalysisOptions.defaults());

        // then step 3 is the database, and says that its rule held for less than its sustain time
        assertThat(report.steps()).extracting(v -> v.firstSaturated() == null ? "none" : v.firstSaturated().resource().id())
                .containsExactly("none", "database", "database", "database");
        Finding third = report.steps().get(2).firstSaturated();
        assertThat(report.steps().get(2).limit().limited()).isTrue();
        assertThat(third.rule()).isEqualTo("statement-slowed");
        assertThat(third.summary()).contains("its rule held", "under its sustain time of 5 s", "named as at steps 2 and 4");
    }

    @Test
    void where_the_rule_did_not_hold_at_all_the_step_stays_unattributed_and_says_how_near_the_database_was() throws Exception {
        // given the same run with the statement flat at ×1.7 its baseline through step 3
        CaseFixture f = CaseFixture.of("flat dip", text(DIP).replace("\"0.05..0.0645\"", "0.05").replace("\"0.051..0.0655\"", "0.051"));

        Report report = Analysis.analyze(f.run, f.steps, AnalysisOptions.defaults());

        Finding third = report.steps().get(2).firstSaturated();
        assertThat(third.resource().id()).isEqualTo("unattributed");
        assertThat(third.summary()).contains("the database, first saturated at steps 2 and 4 around it, was at ")
                .contains("of its capacity here and none of its rules held");
    }

    @Test
    void the_headline_names_the_first_saturated_resource_then_where_the_service_stopped_keeping_up() throws Exception {
        CaseFixture f = CaseFixture.load(DIP);

        Report report = Analysis.analyze(f.run, f.steps, AnalysisOptions.defaults());

        assertThat(report.headline()).startsWith("Capacity ≈ 18 RPS at p95 ≤ 300 ms, p99 ≤ 1 s, errors ≤ 1 %; at 18 RPS the "
                + "database saturated first, from ").contains(" in step 2 (").contains("; the service stopped keeping up at 35 RPS (");
    }

    private static String text(String resource) throws IOException {
        try (InputStream in = ConsistentVerdictsTest.class.getClassLoader().getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
