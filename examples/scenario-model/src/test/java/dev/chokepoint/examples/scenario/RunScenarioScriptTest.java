package dev.chokepoint.examples.scenario;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The scripts' argument checks, run for real with bash (they stop before starting anything). */
class RunScenarioScriptTest {

    @Test
    void anUnknownScenarioIsRejectedWithTheValidNames() throws Exception {
        Result result = run("run-scenario.sh", "no-such-scenario");

        assertThat(result.exitCode).isEqualTo(2);
        assertThat(result.stderr).contains("unknown scenario 'no-such-scenario'")
                .contains("cpu cpu-heavy cpu-neighbour cpu-quota cpu-starved db-cpu db-row-lock db-row-lock-mariadb downstream executor headroom heap heap-death held-connection http-pool lock low-rate object-pool pool pool-wide redis slow-query vt-bulkhead workers");
    }

    @Test
    void anUnknownOptionIsRejected() throws Exception {
        Result result = run("run-scenario.sh", "pool", "--fast");

        assertThat(result.exitCode).isEqualTo(2);
        assertThat(result.stderr).contains("unknown option '--fast'").contains("usage:");
    }

    @Test
    void anUnknownDatabaseIsRejected() throws Exception {
        Result result = run("run-scenario.sh", "pool", "--db", "oracle");

        assertThat(result.exitCode).isEqualTo(2);
        assertThat(result.stderr).contains("unknown --db 'oracle' (valid: auto postgres mariadb h2)");
    }

    @Test
    void otherStairsMustBeNumbers() throws Exception {
        Result result = run("run-scenario.sh", "pool", "--rates", "10,fast", "--drive", "hey-script", "--no-schedule");

        assertThat(result.exitCode).isEqualTo(2);
        assertThat(result.stderr).contains("--rates must be numbers separated by commas, got '10,fast'");
    }

    @Test
    void noScheduleGoesWithTheHeyScript() throws Exception {
        Result result = run("run-scenario.sh", "pool", "--no-schedule");

        assertThat(result.exitCode).isEqualTo(2);
        assertThat(result.stderr).contains("--no-schedule goes with --drive hey-script");
    }

    @Test
    void stairsRejectsLoadAwayFromLoopback() throws Exception {
        Result result = run("load/stairs.sh", "--url", "http://example.org/", "--rates", "1",
                "--step-seconds", "1", "--out", "target/never");

        assertThat(result.exitCode).isEqualTo(2);
        assertThat(result.stderr).contains("--url must point at 127.0.0.1");
    }

    @Test
    void stairsRejectsARateThatIsNotANumber() throws Exception {
        Result result = run("load/stairs.sh", "--url", "http://127.0.0.1:1/", "--rates", "10,fast",
                "--step-seconds", "1", "--out", "target/never");

        assertThat(result.exitCode).isEqualTo(2);
        assertThat(result.stderr).contains("--rates must be positive numbers");
    }

    private record Result(int exitCode, String stderr) {
    }

    private static Result run(String script, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("bash", ScenarioFilesTest.EXAMPLES.resolve(script).toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the script answers at once").isTrue();
        return new Result(process.exitValue(), stderr);
    }
}
