package dev.chokepoint.collector.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The matrix's judge on real reports (the golden report.json files): what passes and what must not. */
class ExpectationCheckTest {

    private static JsonNode report(String name) throws Exception {
        return new ObjectMapper().readTree(Path.of("src/test/resources/golden", name + ".json").toFile());
    }

    private static Expectation expect(String yaml) {
        return Expectation.parse(yaml);
    }

    @Test
    void the_expected_first_resource_at_its_step_passes() throws Exception {
        ExpectationCheck.Result r = ExpectationCheck.check(expect("expect: {resource: downstream, rule: downstream-slowed, "
                + "step: 3, none-steps: [1, 2]}"), report("recorded-downstream-ci"));

        assertThat(r.verdict()).isEqualTo("pass");
        assertThat(r.row()).startsWith("downstream @3|downstream (downstream-slowed)|3|");
    }

    @Test
    void another_resource_first_fails_and_says_which() throws Exception {
        ExpectationCheck.Result r = ExpectationCheck.check(expect("expect: {resource: cpu, step: 3}"), report("recorded-downstream-ci"));

        assertThat(r.verdict()).isEqualTo("FAIL: first saturated is downstream, expected cpu");
    }

    @Test
    void a_none_step_that_was_limited_fails() throws Exception {
        // heap-ci: step 3 did not keep up and no rule named it (unattributed), step 4 heap
        ExpectationCheck.Result r = ExpectationCheck.check(expect("expect: {resource: heap, step: 4, none-steps: [1, 2, 3]}"),
                report("recorded-heap-ci"));

        assertThat(r.verdict()).isEqualTo("FAIL: step 3 says unattributed (expected none)");
    }

    @Test
    void an_unattributed_step_before_the_expected_resource_is_allowed_but_not_when_unattributed_is_expected() throws Exception {
        assertThat(ExpectationCheck.check(expect("expect: {resource: heap, step: 3, none-steps: [1]}"), report("recorded-heap-ci"))
                .verdict()).isEqualTo("pass");
        assertThat(ExpectationCheck.check(expect("expect: {resource: unattributed, step: 3}"), report("recorded-heap-ci"))
                .verdict()).isEqualTo("pass");
        assertThat(ExpectationCheck.check(expect("expect: {resource: unattributed, step: 3}"), report("recorded-downstream-ci"))
                .verdict()).startsWith("FAIL: first saturated is downstream");
    }

    @Test
    void a_death_must_be_expected_and_an_expected_death_must_be_reported() throws Exception {
        // heap-death-ci: heap named at step 3, the step the JVM died in
        assertThat(ExpectationCheck.check(expect("expect: {resource: heap, step: 3}"), report("recorded-heap-death-ci"))
                .verdict()).isEqualTo("FAIL: the report says the target stopped answering");
        assertThat(ExpectationCheck.check(expect("expect: {resource: downstream, step: 3, target-dies: true}"),
                report("recorded-downstream-ci")).verdict()).contains("does not say the target stopped answering");
    }

    @Test
    void a_death_at_a_step_after_the_named_limit_leaves_the_diagnosis_standing() throws Exception {
        // The heap scenario's report from a clean-clone .ci/run (2026-12-01 22:30): heap named at
        // step 3 (150 RPS, 85 % live after GC), the JVM out of memory 10.6 s into step 4 (250 RPS)
        JsonNode diedLater = new ObjectMapper().readTree(Path.of("src/test/resources/check/heap-died-after-its-limit.json").toFile());

        assertThat(ExpectationCheck.check(expect("expect: {resource: heap, step: 3, none-steps: [1]}"), diedLater)
                .verdict()).isEqualTo("pass");
        assertThat(ExpectationCheck.check(expect("expect: {resource: heap, step: 3, target-dies: true}"), diedLater)
                .verdict()).isEqualTo("pass");
    }
}
