package dev.chokepoint.collector.steps;

import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Steps found in the request rate the server saw, when the load tool says nothing. */
class ServerRateStepsTest {

    private static final long T0 = 1_764_450_000_000L;
    private static final String A = "http://127.0.0.1:1/metrics";
    private static final String B = "http://127.0.0.1:2/metrics";

    @Test
    void stairsAcrossTwoTargetsWithARestartANewSeriesAndAGapAreThreeSteps() {
        // given: per target 10 → 30 → 60 RPS for 20 s each, 5 s linear ramps between, 5 s idle at both ends
        double[] perTarget = profile();
        List<Series> series = new ArrayList<>();
        series.add(counter(A, "/orders", perTarget, 0, -1, -1, 1));
        // target B restarts at second 50 (its counter starts again from 0) and misses scrapes 70..72
        series.add(counter(B, "/orders", perTarget, 0, 50, 70, 2));
        RunData run = new RunData(T0, T0 + perTarget.length * 1000L, List.of(A, B), series, List.of());

        // when
        List<Step> steps = ServerRateSteps.detect(run, PlateauDetector.defaults());

        // then: three plateaus of summed rate 20, 60, 120; the ramps and idle ends are in no step
        assertThat(steps).extracting(Step::index).containsExactly(1, 2, 3);
        assertThat(steps).allMatch(s -> s.source() == Step.Source.DETECTED && s.client() == null);
        assertThat(steps.get(0).offeredRps()).isCloseTo(20, within(2.0));
        assertThat(steps.get(1).offeredRps()).isCloseTo(60, within(4.0));
        assertThat(steps.get(2).offeredRps()).isCloseTo(120, within(8.0));
        assertThat(steps.get(0).startMillis()).isBetween(T0 + 5_000, T0 + 8_000);
        assertThat(steps.get(0).endMillis()).isBetween(T0 + 22_000, T0 + 25_000);
        assertThat(steps.get(1).startMillis()).isBetween(T0 + 30_000, T0 + 33_000);
        assertThat(steps.get(2).endMillis()).isBetween(T0 + 72_000, T0 + 75_000);
    }

    @Test
    void noRequestTimerMeansNoSteps() {
        RunData run = new RunData(T0, T0 + 60_000, List.of(A), List.of(), List.of());

        assertThat(ServerRateSteps.detect(run, PlateauDetector.defaults())).isEmpty();
    }

    @Test
    void aPlateauThatFellWhileRequestsStayedInFlightKeepsTheOfferBeforeIt() {
        // given stairs 20/50/80, then 20 s at 9 RPS with the load tool's 22 workers all waiting
        RunData run = new LoadSeconds().add(2, 0, 0).add(20, 20, 2).add(20, 50, 4).add(20, 80, 6).add(20, 9, 22)
                .add(2, 0, 0).run(true);

        List<Step> steps = ServerRateSteps.detect(run, PlateauDetector.defaults());

        // then the collapse is offered what step 3 was, not read as the run's lowest step
        assertThat(steps).hasSize(4);
        assertThat(steps.get(3).offeredRps()).isEqualTo(steps.get(2).offeredRps());
    }

    @Test
    void trafficThatFellWithFewerRequestsInFlightKeepsItsOwnRate() {
        RunData run = new LoadSeconds().add(2, 0, 0).add(20, 20, 2).add(20, 80, 6).add(20, 9, 1).add(2, 0, 0).run(true);

        List<Step> steps = ServerRateSteps.detect(run, PlateauDetector.defaults());

        assertThat(steps).hasSize(3);
        assertThat(steps.get(2).offeredRps()).isCloseTo(9, within(0.5));
    }

    @Test
    void aStretchJoinedToAStepItCouldNotBeToldFromCarriesANote() {
        // given 20 s at 40 RPS with 16 in flight, then 20 s whose rate holds no level (20, 60, 20, …)
        // with 17 in flight: no rate plateau there, and 17 is not clearly apart from 16; then a
        // step at 80 RPS with 30 in flight
        LoadSeconds load = new LoadSeconds().add(2, 0, 0).add(20, 40, 16);
        for (int i = 0; i < 10; i++) {
            load.add(1, 20, 17).add(1, 60, 17);
        }
        RunData run = load.add(20, 80, 30).add(2, 0, 0).run(true);

        // when
        List<Step> steps = ServerRateSteps.detect(run, PlateauDetector.defaults());

        // then the stretch is read as part of the first step, and that step says so with both levels
        assertThat(steps).hasSize(2);
        assertThat(steps.get(1).notes()).isEmpty();
        StepNote note = steps.get(0).notes().get(0);
        assertThat(note.kind()).isEqualTo(StepNote.Kind.JOINED);
        assertThat(note.durationSeconds()).isGreaterThanOrEqualTo(StepNote.MIN_MILLIS / 1000.0);
        assertThat(note.inFlight()).isEqualTo(17);
        assertThat(note.stepInFlight()).isEqualTo(16);
        assertThat(note.achievedRps()).isCloseTo(40, within(3.0));
    }

    @Test
    void aStepReadAsItWasCarriesNoNote() {
        RunData run = new LoadSeconds().add(2, 0, 0).add(20, 20, 2).add(20, 50, 4).add(20, 80, 6).add(2, 0, 0).run(true);

        assertThat(ServerRateSteps.detect(run, PlateauDetector.defaults())).hasSize(3).allMatch(s -> s.notes().isEmpty());
    }

    /** Offered RPS per second of one target. */
    private static double[] profile() {
        List<Double> rates = new ArrayList<>();
        add(rates, 0, 0, 5);
        add(rates, 10, 10, 20);
        add(rates, 10, 30, 5);
        add(rates, 30, 30, 20);
        add(rates, 30, 60, 5);
        add(rates, 60, 60, 20);
        add(rates, 0, 0, 5);
        return rates.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static void add(List<Double> rates, double from, double to, int seconds) {
        for (int i = 0; i < seconds; i++) {
            rates.add(from + (to - from) * (i + 0.5) / seconds);
        }
    }

    /**
     * The cumulative count a target's timer shows each second, with Poisson-like noise; restarting
     * at {@code restartAt} and failing scrapes from {@code gapAt} for 3 seconds.
     */
    private static Series counter(String target, String uri, double[] rates, double start, int restartAt, int gapAt,
                                  long seed) {
        Random random = new Random(seed);
        List<Long> times = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        double count = start;
        for (int s = 0; s < rates.length; s++) {
            if (s == restartAt) {
                count = 0;
            }
            count += Math.max(0, Math.round(rates[s] + random.nextGaussian() * Math.sqrt(rates[s])));
            if (gapAt >= 0 && s >= gapAt && s < gapAt + 3) {
                continue;
            }
            times.add(T0 + s * 1000L);
            values.add(count);
        }
        return new Series(SeriesKey.of(target, ServerRateSteps.REQUEST_COUNT, Map.of("uri", uri)),
                times.stream().mapToLong(Long::longValue).toArray(),
                values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
