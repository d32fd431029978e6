package dev.chokepoint.collector.steps;

import dev.chokepoint.collector.store.RunReader;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Steps detected from the server under a closed-model load tool (hey's stairs, one {@code -c} per
 * step), recorded with the scenarios' CI-sized stairs and no schedule given to the collector; the
 * stairs' own schedule is kept beside each run as {@code schedule.truth.csv}. At capacity the
 * served rate stays flat from one step to the next, and only the requests the server holds tell
 * them apart: every offered step must be found, each in a step of its own.
 */
class ClosedModelStepsTest {

    @Test
    void steps_at_a_worker_pools_capacity_are_told_apart_by_the_requests_waiting_for_a_worker() throws Exception {
        // given hey at 10/30/120/200 RPS on 4 Tomcat workers: 120 and 200 both served ~44 RPS,
        // 4 requests active in both, 20 then 36 accepted and waiting for a worker
        Path dir = recorded("workers-hey-detected-ci");

        // when
        List<Step> steps = ServerRateSteps.detect(RunReader.read(dir), PlateauDetector.defaults());

        // then each offered step is one detected step
        assertEachOfferedStepFound(dir, steps);
    }

    @Test
    void low_rate_steps_are_told_apart_by_one_more_request_in_flight() throws Exception {
        // given hey at 0.5/1/3/5 RPS: 0.5 and 1 both read ~0.5 completions a second (Poisson noise
        // over 1 s samples), with 1 then 2 requests in flight and no spread around either
        Path dir = recorded("low-rate-hey-detected-ci");

        // when
        List<Step> steps = ServerRateSteps.detect(RunReader.read(dir), PlateauDetector.defaults());

        // then
        assertEachOfferedStepFound(dir, steps);
    }

    /** As many detected steps as offered ones, and each offered step's middle inside its own detected step. */
    private static void assertEachOfferedStepFound(Path dir, List<Step> steps) throws Exception {
        List<long[]> truth = Files.readAllLines(dir.resolve("schedule.truth.csv")).stream().skip(1)
                .map(l -> l.split(",")).map(f -> new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])}).toList();
        assertThat(steps).as("detected steps of %s", dir.getFileName()).hasSameSizeAs(truth);
        for (int i = 0; i < truth.size(); i++) {
            long middle = (truth.get(i)[0] + truth.get(i)[1]) / 2;
            assertThat(steps.get(i).startMillis()).as("offered step %d", i + 1).isLessThanOrEqualTo(middle);
            assertThat(steps.get(i).endMillis()).as("offered step %d", i + 1).isGreaterThan(middle);
        }
    }

    private static Path recorded(String name) throws Exception {
        return Path.of(ClosedModelStepsTest.class.getClassLoader().getResource("recorded/" + name).toURI());
    }
}
