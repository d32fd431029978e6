package dev.chokepoint.examples.scenario;

import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.assertThat;

/** Each bad fixture under src/test/resources/bad holds one kind of mistake. */
class ScenarioReaderTest {

    private final ScenarioReader reader = new ScenarioReader(ScenarioFilesTest.EXAMPLES.resolve("load"));

    @Test
    void unknownKeyIsRejectedWithItsLine() throws Exception {
        assertThatThrownBy(() -> reader.read(fixture("unknown-key.yaml")))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("unknown-key.yaml")
                .hasMessageMatching("(?s).*: line (9|10): .*")
                .hasMessageContaining("cpu-quotas");
    }

    @Test
    void unknownResourceIsRejectedListingTheValidOnes() throws Exception {
        assertThatThrownBy(() -> reader.read(fixture("unknown-resource.yaml")))
                .hasMessageContaining("expect.resource 'pool' is not one of [cpu, cpu-quota, tomcat-workers,");
    }

    @Test
    void anExporterTheRunnerCannotStartIsRejectedListingTheKnownOnes() throws Exception {
        assertThatThrownBy(() -> reader.read(fixture("unknown-exporter.yaml")))
                .hasMessageContaining("exporters: unknown exporter 'oracle'; known: postgres, mysql, node");
    }

    @Test
    void aScenarioPinnedToADatabaseRunsOnItAndOnlyItsExporterIsAccepted() throws Exception {
        Scenario mariadb = reader.read(ScenarioFilesTest.SCENARIOS.resolve("db-row-lock-mariadb.yaml"));
        assertThat(mariadb.database()).isEqualTo("mariadb");
        assertThat(ScenarioShell.assignments(mariadb, true)).contains("SCENARIO_DB='mariadb'").contains("EXPORTERS=('mysql' 'node')");
        assertThat(ScenarioShell.assignments(reader.read(ScenarioFilesTest.SCENARIOS.resolve("db-row-lock.yaml")), true))
                .contains("SCENARIO_DB=''");
        assertThatThrownBy(() -> reader.read(fixture("unknown-database.yaml")))
                .hasMessageContaining("database: unknown database 'oracle'; known: postgres, mariadb, h2");
        assertThatThrownBy(() -> reader.read(fixture("exporter-for-another-database.yaml")))
                .hasMessageContaining("exporters: 'postgres' reads a database this scenario does not run on (database: mariadb)");
    }

    @Test
    void everyProblemOfAFileIsReportedAtOnce() throws Exception {
        ScenarioException e = catchThrowableOfType(ScenarioException.class,
                () -> reader.read(fixture("many-problems.yaml")));

        assertThat(e.problems()).anySatisfy(p -> assertThat(p).contains("name 'other' must equal the file name"))
                .anySatisfy(p -> assertThat(p).contains("expect.step must be a step 1..3, got 5"))
                .anySatisfy(p -> assertThat(p).contains("load.steps must rise"))
                .anySatisfy(p -> assertThat(p).contains("load.body 'missing.json' is not a file"))
                .anySatisfy(p -> assertThat(p).contains("ci-step-seconds"))
                .anySatisfy(p -> assertThat(p).contains("load.worker-rate (requests per second per hey worker) must be > 0, got 0.0"));
    }

    @Test
    void aHeyWorkerSendsFivePerSecondUnlessTheScenarioSaysLess() throws Exception {
        assertThat(reader.read(ScenarioFilesTest.SCENARIOS.resolve("pool.yaml")).load().workerRate())
                .isEqualTo(Scenario.Load.DEFAULT_WORKER_RATE);
        Scenario slow = reader.read(ScenarioFilesTest.SCENARIOS.resolve("low-rate.yaml"));
        assertThat(slow.load().workerRate()).isEqualTo(0.5);
        assertThat(ScenarioShell.assignments(slow, true)).contains("LOAD_WORKER_RATE='0.5'");
    }

    @Test
    void aServiceRunsOnThePathsJavaUnlessItsFileNamesARelease() throws Exception {
        assertThat(ScenarioShell.assignments(reader.read(ScenarioFilesTest.SCENARIOS.resolve("pool.yaml")), true))
                .contains("SERVICE_JAVA=''\n");
        assertThat(ScenarioShell.assignments(reader.read(ScenarioFilesTest.SCENARIOS.resolve("vt-bulkhead.yaml")), true))
                .contains("SERVICE_JAVA='25'\n");
        assertThatThrownBy(() -> reader.read(fixture("java-too-old.yaml")))
                .hasMessageContaining("service.java must be a Java feature release from 17 (the service's build) on, like 25, got 11");
    }

    @Test
    void quietStepsMustLieBeforeTheExpectedStepsWindow() throws Exception {
        assertThatThrownBy(() -> reader.read(fixture("quiet-overlaps.yaml")))
                .hasMessageContaining("expect.none-steps entry 2 overlaps the expected step 3 (±1)");
    }

    @Test
    void aDeathMustBeBlamedOnANamedResource() throws Exception {
        assertThatThrownBy(() -> reader.read(fixture("death-without-resource.yaml")))
                .hasMessageContaining("expect.target-dies needs the resource the death is blamed on, got 'unattributed'");
    }

    @Test
    void theResourcesAreTheRuleFilesDeclarationsAndTargetDiesDefaultsToFalse() throws Exception {
        Scenario lock = reader.read(ScenarioFilesTest.SCENARIOS.resolve("lock.yaml"));

        assertThat(Resources.IDS).as("read from rules/*.yaml").contains("lock", "unattributed", "connection-pool", "none");
        assertThat(lock.expect().resource()).isEqualTo("lock");
        assertThat(lock.expect().targetDies()).isFalse();
        assertThat(lock.caseNumber()).isNull();
        assertThat(ScenarioShell.assignments(lock, true)).contains("SCENARIO_CASE=''\n")
                .contains("EXPECT_RESOURCE='lock'\n").contains("EXPECT_TARGET_DIES=''\n");
    }

    @Test
    void theShellKnowsWhenTheServiceIsExpectedToDie() throws Exception {
        Scenario death = reader.read(ScenarioFilesTest.SCENARIOS.resolve("heap-death.yaml"));

        assertThat(ScenarioShell.assignments(death, true)).contains("EXPECT_TARGET_DIES='true'\n")
                .contains("SERVICE_JVM=('-Xmx96m' '-XX:+ExitOnOutOfMemoryError')\n");
    }

    @Test
    void aNeighbourNeedsWholeCoresAndNoQuota() throws Exception {
        ScenarioException e = catchThrowableOfType(ScenarioException.class,
                () -> reader.read(fixture("neighbour-with-quota.yaml")));

        assertThat(e.problems()).anySatisfy(p -> assertThat(p).contains("service.neighbour-cores must be a whole number of cores from 1 to 64, got 0"))
                .anySatisfy(p -> assertThat(p).contains("service.neighbour-cores and service.cpu-quota exclude each other"));
        Scenario neighbour = reader.read(ScenarioFilesTest.SCENARIOS.resolve("cpu-neighbour.yaml"));
        assertThat(ScenarioShell.assignments(neighbour, true)).contains("NEIGHBOUR_CORES='1'\n").contains("SERVICE_CPU_QUOTA=''\n");
    }

    @Test
    void shellOutputQuotesValuesSoNothingInAFileIsExecuted() {
        assertThat(ScenarioShell.quote("a'b $(rm -rf /)")).isEqualTo("'a'\\''b $(rm -rf /)'");
    }

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(ScenarioReaderTest.class.getResource("/bad/" + name).toURI());
    }
}
