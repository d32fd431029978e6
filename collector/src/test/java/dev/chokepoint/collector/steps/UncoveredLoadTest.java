package dev.chokepoint.collector.steps;

import dev.chokepoint.collector.store.RunData;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Every stretch of load after the first step belongs to a step: a collapse is never left out. */
class UncoveredLoadTest {

    private static final long T0 = LoadSeconds.T0;

    /** Stairs 20, 50, 80 RPS for 20 s each, after 2 s of start-up. */
    private static LoadSeconds stairs() {
        return new LoadSeconds().add(2, 0, 0).add(20, 20, 2).add(20, 50, 4).add(20, 80, 6);
    }

    private static Step scheduled(int index, int fromSecond, int toSecond, double offered) {
        return new Step(index, T0 + fromSecond * 1000L, T0 + toSecond * 1000L, offered, Step.Source.SCHEDULE, null);
    }

    private static List<Step> schedule() {
        return List.of(scheduled(1, 2, 22, 20), scheduled(2, 22, 42, 50), scheduled(3, 42, 62, 80));
    }

    private static List<Step> cover(List<Step> steps, RunData run) {
        return UncoveredLoad.cover(steps, run, null, PlateauDetector.defaults());
    }

    @Test
    void a_heap_collapse_after_the_last_detected_plateau_is_a_step_of_its_own() {
        // given stairs 20/50/80, then 21 s of a heap that fills: 94 answers every 10 s (9.4 RPS), 22
        // requests held in flight, half the scrapes failing; the load command ends a second later
        LoadSeconds load = stairs().collapse(21, 94, 22).add(1, 0, 0);
        RunData run = load.run(true);
        List<Step> detected = ServerRateSteps.detect(run, PlateauDetector.defaults());
        assertThat(detected).as("no plateau shows the collapse").hasSize(3);

        // when
        List<Step> steps = cover(detected, run);

        // then the collapse is step 4, from step 3's end to the end of the load, offered what step 3 was
        assertThat(steps).hasSize(4);
        assertThat(steps.subList(0, 3)).isEqualTo(detected);
        Step collapse = steps.get(3);
        assertThat(collapse.index()).isEqualTo(4);
        assertThat(collapse.source()).isEqualTo(Step.Source.UNCOVERED);
        assertThat(collapse.startMillis()).isEqualTo(detected.get(2).endMillis());
        assertThat(collapse.endMillis()).isBetween(T0 + 82_000L, run.endMillis());
        assertThat(collapse.offeredRps()).isEqualTo(detected.get(2).offeredRps());
    }

    @Test
    void load_that_went_on_after_a_schedule_lost_its_last_step_is_a_step() {
        // given a schedule whose last row was never written (the tool was killed in step 4), while
        // the service served 80 RPS for 20 s more
        RunData run = stairs().add(20, 80, 6).add(2, 0, 0).run(true);

        List<Step> steps = cover(schedule(), run);

        assertThat(steps).hasSize(4);
        assertThat(steps.get(3).startMillis()).isEqualTo(T0 + 62_000);
        assertThat(steps.get(3).endMillis()).isEqualTo(T0 + 82_000);
        assertThat(steps.get(3).offeredRps()).isCloseTo(80, within(1e-9));
    }

    @Test
    void a_queue_draining_after_the_last_step_is_not_load() {
        // given the load tool stopped: 30 requests in flight answered over 3 s, then quiet
        RunData run = stairs().add(1, 40, 20).add(1, 15, 5).add(1, 5, 0).add(6, 0, 0).run(true);

        assertThat(cover(schedule(), run)).isEqualTo(schedule());
    }

    @Test
    void a_trickle_after_the_load_is_not_a_step() {
        // given health checks, 2 a second, for 10 s after the last step
        RunData run = stairs().add(10, 2, 0).run(true);

        assertThat(cover(schedule(), run)).isEqualTo(schedule());
    }

    @Test
    void without_the_in_flight_gauge_completions_that_go_on_are_load_and_a_short_drain_is_not() {
        RunData goesOn = stairs().add(12, 30, 0).run(false);
        RunData drains = stairs().add(3, 40, 0).add(6, 0, 0).run(false);

        assertThat(cover(schedule(), goesOn)).hasSize(4);
        assertThat(cover(schedule(), drains)).isEqualTo(schedule());
    }

    @Test
    void between_two_steps_a_collapse_is_a_step_and_a_stretch_that_kept_its_rate_is_not() {
        // given steps at 20 and 50 RPS with 12 s between them: a rise to the second step in one
        // run, a stall at 5 RPS with 10 held in flight in the other
        List<Step> around = List.of(scheduled(1, 2, 22, 20), scheduled(2, 34, 54, 50));
        RunData rising = new LoadSeconds().add(2, 0, 0).add(20, 20, 2).add(12, 35, 3).add(20, 50, 4).run(true);
        RunData stalled = new LoadSeconds().add(2, 0, 0).add(20, 20, 2).add(12, 5, 10).add(20, 50, 4).run(true);

        List<Step> steps = cover(around, stalled);

        assertThat(cover(around, rising)).isEqualTo(around);
        assertThat(steps).extracting(Step::index).containsExactly(1, 2, 3);
        assertThat(steps.get(1).source()).isEqualTo(Step.Source.UNCOVERED);
        assertThat(steps.get(1).startMillis()).isEqualTo(T0 + 22_000);
        assertThat(steps.get(1).endMillis()).isEqualTo(T0 + 34_000);
        assertThat(steps.get(1).offeredRps()).isEqualTo(20);
        assertThat(steps.get(2).startMillis()).isEqualTo(T0 + 34_000);
    }

    @Test
    void after_a_target_stopped_answering_the_rest_of_the_run_is_a_step() {
        // given the service answered to the end of step 3 and then nothing, while recording went on 15 s
        LoadSeconds load = stairs();
        RunData answered = load.run(true);
        RunData run = new RunData(answered.startMillis(), answered.endMillis() + 15_000, answered.targets(),
                answered.series(), List.of());

        List<Step> steps = UncoveredLoad.cover(schedule(), run, T0 + 63_000, PlateauDetector.defaults());

        assertThat(steps).hasSize(4);
        assertThat(steps.get(3).startMillis()).isEqualTo(T0 + 62_000);
        assertThat(steps.get(3).endMillis()).isEqualTo(run.endMillis());
        assertThat(steps.get(3).offeredRps()).isEqualTo(80);
    }
}
