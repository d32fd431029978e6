package dev.chokepoint.examples.scenario;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The shipped scenarios are the collector's ground truth: all of them parse and say something valid. */
class ScenarioFilesTest {

    static final Path EXAMPLES = Path.of("..").toAbsolutePath().normalize();
    static final Path SCENARIOS = EXAMPLES.resolve("scenarios");

    @Test
    void everyShippedScenarioParsesAndValidates() throws IOException {
        List<Scenario> scenarios = new ScenarioReader(EXAMPLES.resolve("load")).readAll(SCENARIOS);

        assertThat(scenarios).extracting(Scenario::name).containsExactlyInAnyOrder(
                "cpu", "pool", "held-connection", "slow-query", "heap", "workers", "downstream", "cpu-quota", "headroom",
                "lock", "heap-death", "low-rate", "pool-wide", "cpu-heavy", "executor", "redis", "cpu-starved", "cpu-neighbour",
                "http-pool", "object-pool", "vt-bulkhead", "db-cpu", "db-row-lock", "db-row-lock-mariadb");
    }

    @Test
    void everyRealCaseOfTheDesignHasAScenarioAndOnlyHeapAndTheCompareVariantsTakeOneFurther() throws IOException {
        List<Scenario> scenarios = new ScenarioReader(EXAMPLES.resolve("load")).readAll(SCENARIOS);

        // heap-death takes case 5 further; pool-wide (case 2 fixed) and cpu-heavy (case 1 regressed)
        // are the second runs of chokepoint compare's recorded pairs; cpu-starved is case 1 with
        // more requests in flight than the metrics endpoint can get a core beside.
        assertThat(scenarios).filteredOn(s -> s.caseNumber() != null).extracting(Scenario::caseNumber)
                .containsExactlyInAnyOrderElementsOf(Stream.concat(IntStream.rangeClosed(1, 9).boxed(), Stream.of(5, 2, 1, 1)).toList());
        assertThat(scenarios).filteredOn(s -> s.caseNumber() == null).extracting(Scenario::name)
                .containsExactlyInAnyOrder("lock", "low-rate", "executor", "redis", "cpu-neighbour",
                        "http-pool", "object-pool", "vt-bulkhead", "db-cpu", "db-row-lock", "db-row-lock-mariadb");
    }

    @Test
    void onlyHeapDeathExpectsItsServiceToDieAndBlamesTheHeap() throws IOException {
        List<Scenario> scenarios = new ScenarioReader(EXAMPLES.resolve("load")).readAll(SCENARIOS);

        assertThat(scenarios).filteredOn(s -> s.expect().targetDies()).extracting(Scenario::name).containsExactly("heap-death");
        Scenario death = scenarios.stream().filter(s -> s.name().equals("heap-death")).findFirst().orElseThrow();
        assertThat(death.expect().resource()).isEqualTo("heap");
        // The JVM must really end at the first OutOfMemoryError, as a container's does.
        assertThat(death.service().jvm()).contains("-XX:+ExitOnOutOfMemoryError");
    }

    @Test
    void onlyHeadroomExpectsNothingAndEveryOtherHasAQuietStepBeforeItsLimit() throws IOException {
        for (Scenario scenario : new ScenarioReader(EXAMPLES.resolve("load")).readAll(SCENARIOS)) {
            if (scenario.name().equals("headroom")) {
                assertThat(scenario.expect().resource()).isEqualTo("none");
                assertThat(scenario.expect().noneSteps()).hasSize(scenario.load().steps().size());
            } else {
                assertThat(scenario.expect().resource()).as(scenario.name()).isNotEqualTo("none");
                assertThat(scenario.expect().noneSteps()).as(scenario.name()).contains(1);
                assertThat(scenario.expect().step()).as(scenario.name()).isLessThan(scenario.load().steps().size() + 1);
            }
        }
    }

    @Test
    void theCiSizedVariantStaysWithinTwoMinutesOfLoad() throws IOException {
        for (Scenario scenario : new ScenarioReader(EXAMPLES.resolve("load")).readAll(SCENARIOS)) {
            int seconds = scenario.load().stepSeconds(true) * scenario.load().steps().size();
            assertThat(seconds).as(scenario.name()).isLessThanOrEqualTo(120);
        }
    }

    /** The k6 scripts are written by hand for k6 users; this keeps their stairs equal to the files'. */
    @Test
    void everyK6ScriptRunsTheSameStairsAsItsScenario() throws IOException {
        for (Scenario scenario : new ScenarioReader(EXAMPLES.resolve("load")).readAll(SCENARIOS)) {
            Path script = EXAMPLES.resolve("load/k6/" + scenario.name() + ".js");
            assertThat(script).as("k6 script of " + scenario.name()).isRegularFile();
            String k6 = Files.readString(script);
            String rates = scenario.load().steps().stream()
                    .map(r -> r == Math.rint(r) ? Long.toString(r.longValue()) : r.toString())
                    .collect(Collectors.joining(", "));
            assertThat(k6).as(script.toString())
                    .contains("rates: [" + rates + "],")
                    .contains("stepSeconds: " + scenario.load().stepSeconds() + ",")
                    .contains("ciStepSeconds: " + scenario.load().ciStepSeconds() + ",")
                    .contains("method: '" + scenario.load().method() + "',")
                    .contains("path: '" + scenario.load().path() + "',");
        }
    }

    @Test
    void onlyTheCpuQuotaScenarioRunsInACgroupAndOnlyRemoteScenariosHaveADownstream() throws IOException {
        // The endpoints that call the downstream service: search (embeddings), the carrier's
        // shipping rates (http-pool), recommendations (vt-bulkhead).
        List<String> remote = List.of("/search", "/shipping/", "/recommendations");
        for (Scenario scenario : new ScenarioReader(EXAMPLES.resolve("load")).readAll(SCENARIOS)) {
            assertThat(scenario.service().cpuQuota() != null).as(scenario.name())
                    .isEqualTo(scenario.expect().resource().equals("cpu-quota"));
            assertThat(scenario.downstream() != null).as(scenario.name())
                    .isEqualTo(remote.stream().anyMatch(scenario.load().path()::startsWith));
        }
    }

    /**
     * A profile that serves requests on virtual threads must run on a Java that has them: below 21
     * Spring Boot ignores spring.threads.virtual.enabled without a word, and the scenario would
     * measure 200 platform workers instead.
     */
    @Test
    void aProfileOnVirtualThreadsRunsOnJava21OrLater() throws IOException {
        for (Scenario scenario : new ScenarioReader(EXAMPLES.resolve("load")).readAll(SCENARIOS)) {
            Path profile = EXAMPLES.resolve("market-service/src/main/resources/application-"
                    + scenario.service().profile() + ".properties");
            boolean virtual = Files.isRegularFile(profile) && Files.readAllLines(profile).stream()
                    .map(String::strip).anyMatch("spring.threads.virtual.enabled=true"::equals)
                    || "true".equals(scenario.service().properties().get("spring.threads.virtual.enabled"));
            if (virtual) {
                assertThat(scenario.service().java()).as(scenario.name() + ": service.java").isNotNull().isGreaterThanOrEqualTo(21);
            }
        }
        assertThat(new ScenarioReader(EXAMPLES.resolve("load")).read(SCENARIOS.resolve("vt-bulkhead.yaml")).service().java())
                .isEqualTo(25);
    }
}
