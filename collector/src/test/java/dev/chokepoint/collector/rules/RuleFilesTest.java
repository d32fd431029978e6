package dev.chokepoint.collector.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Rule files are validated strictly and apart from the engine: each {@code *.bad.yaml} fixture
 * holds one kind of error and states, in {@code # expect: <line>: <message>} comments, what the
 * error must say and on which line. Every error of a file is reported, not only the first.
 */
class RuleFilesTest {

    static Stream<Path> badFiles() throws IOException, URISyntaxException {
        Path dir = Path.of(RuleFilesTest.class.getClassLoader().getResource("rules").toURI());
        return Files.list(dir).filter(p -> p.getFileName().toString().endsWith(".bad.yaml")).sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFiles")
    void each_bad_file_is_rejected_with_file_line_and_rule(Path file) throws IOException {
        List<String> expected = Files.readAllLines(file).stream()
                .filter(l -> l.startsWith("# expect: ")).map(l -> l.substring("# expect: ".length())).toList();
        assertThat(expected).as("fixture states its expected errors").isNotEmpty();

        RuleFileException e = catchThrowableOfType(RuleFileException.class, () -> RuleSet.load(List.of(file)));

        assertThat(e).as("%s must be rejected", file.getFileName()).isNotNull();
        List<String> messages = e.errors().stream().map(RuleError::toString).toList();
        for (String want : expected) {
            String prefix = file + ":" + want.substring(0, want.indexOf(':')) + ": ";
            String text = want.substring(want.indexOf(':') + 2);
            assertThat(messages).as("errors of %s", file.getFileName())
                    .anySatisfy(m -> assertThat(m).startsWith(prefix).contains(text));
        }
        assertThat(e.errors()).as("only the stated errors, no follow-on noise").hasSize(expected.size());
    }

    @Test
    void default_rules_load_and_cover_every_declared_resource() throws Exception {
        RuleSet rules = RuleSet.load(List.of());

        assertThat(rules.resources().keySet()).containsExactly("cpu", "cpu-quota", "tomcat-workers", "connection-pool",
                "heap", "database", "downstream", "lock", "executor", "outbound-pool", "wait-site", "unattributed", "load-generator");
        // unattributed and load-generator are the collector's verdicts, judged from symptoms, not by rules
        assertThat(rules.rules()).extracting(CompiledRule::resource).containsAll(rules.resources().values().stream()
                .filter(r -> !r.id().equals(Resource.UNATTRIBUTED) && !r.id().equals(Resource.LOAD_GENERATOR)).toList());
        assertThat(rules.rules()).extracting(CompiledRule::id).contains("pool-exhausted", "pool-held-during-non-db-work",
                "workers-blocked-off-cpu", "statement-slowed", "gc-thrashing", "downstream-slowed", "cpu-quota-throttled");
    }

    @Test
    void a_user_file_overrides_a_default_rule_by_id_and_adds_its_own() throws Exception {
        Path file = Path.of(getClass().getClassLoader().getResource("rules/override.good.yaml").toURI());

        RuleSet rules = RuleSet.load(List.of(file));

        Rule pool = rules.rules().stream().filter(r -> r.id().equals("pool-exhausted")).findFirst().orElseThrow().rule();
        assertThat(pool.params()).containsEntry("min_pending", 5.0);
        assertThat(pool.sustainMillis()).isEqualTo(10_000);
        assertThat(pool.origin().file()).isEqualTo(file.toString());
        assertThat(rules.rules()).extracting(CompiledRule::id).contains("too-many-open-connections", "pool-held-during-non-db-work");
        assertThat(rules.rules().stream().filter(r -> r.id().equals("pool-exhausted")).count()).isEqualTo(1);
    }

    @Test
    void a_missing_user_file_names_the_path_and_the_option() {
        Path missing = Path.of("no/such/rules.yaml");

        assertThatThrownBy(() -> RuleSet.load(List.of(missing)))
                .isInstanceOf(RuleFileException.class)
                .hasMessageContaining("no/such/rules.yaml")
                .hasMessageContaining("--rules");
    }
}
