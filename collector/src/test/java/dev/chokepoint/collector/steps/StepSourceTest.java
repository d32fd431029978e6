package dev.chokepoint.collector.steps;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which schedule a recorded run is analyzed with again. */
class StepSourceTest {

    @TempDir
    Path root;

    @Test
    void a_run_folder_moved_aside_reads_its_own_schedule_not_the_one_a_newer_run_left_at_the_old_path() throws Exception {
        // given a first try moved to run.try-1, and a second try that wrote its schedule at the old path
        Path firstTry = Files.createDirectories(root.resolve("run.try-1"));
        Path secondTry = Files.createDirectories(root.resolve("run"));
        Files.writeString(firstTry.resolve("steps.csv"), "step,start_ms,end_ms,offered_rps\n1,1000,13000,5\n");
        Files.writeString(secondTry.resolve("steps.csv"), "step,start_ms,end_ms,offered_rps\n1,90000,102000,5\n");

        // when the first try is read with the path its run.json recorded
        List<Step> steps = StepSource.recordedWith(firstTry, "--steps", secondTry.resolve("steps.csv").toString()).steps(null);

        // then
        assertThat(steps).extracting(Step::startMillis).containsExactly(1000L);
    }

    @Test
    void a_schedule_kept_elsewhere_is_read_where_it_was() throws Exception {
        Path run = Files.createDirectories(root.resolve("run"));
        Path elsewhere = Files.writeString(root.resolve("my-steps.csv"), "step,start_ms,end_ms,offered_rps\n1,5000,17000,5\n");

        List<Step> steps = StepSource.recordedWith(run, "--steps", elsewhere.toString()).steps(null);

        assertThat(steps).extracting(Step::startMillis).containsExactly(5000L);
    }
}
