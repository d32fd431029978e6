package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A counter read at chosen grid points answers what putting it on the whole grid answers there,
 * whatever the order of the questions, however many, and whether the value was walked to or kept
 * while the counter was put on the grid for its window increases.
 */
class CounterPointsTest {

    private static final long T0 = 1_000_000L;
    private static final int SCRAPES = 600;

    /** A counter with noise, a dip in a live process, a missed stretch of scrapes and a restart. */
    private static RunData run(long seed) {
        Random random = new Random(seed);
        List<Long> times = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        double value = 100;
        for (int i = 0; i < SCRAPES; i++) {
            if (i >= 200 && i < 230) {
                continue; // unscraped for 30 s
            }
            value = i == 400 ? random.nextInt(5) : i == 300 ? value - 3 : value + random.nextDouble() * 40;
            times.add(T0 + i * 1000L + random.nextInt(300));
            values.add(value);
        }
        Series counter = new Series(SeriesKey.of("app", "x_total", Map.of()),
                times.stream().mapToLong(Long::longValue).toArray(), values.stream().mapToDouble(Double::doubleValue).toArray());
        return new RunData(T0, T0 + SCRAPES * 1000L, List.of("app"), List.of(counter),
                List.of(new ScrapeEvent("app", T0 + 400_000L, ScrapeEvent.Kind.RESTART, "a new process")));
    }

    private static double[] onTheGrid(RunData run, Grid grid) {
        double[] out = new double[grid.size()];
        SeriesSampler.counter(run.series().get(0), grid, false, new long[] {T0 + 400_000L}, out);
        return out;
    }

    @Test
    void points_asked_in_any_order_and_past_the_table_size_read_as_the_whole_grid_does() {
        RunData run = run(3);
        Grid grid = Grid.covering(run.startMillis(), run.endMillis());
        double[] expected = onTheGrid(run, grid);
        CounterPoints points = new CounterPoints(run.series().get(0), new long[] {T0 + 400_000L}, false, grid);
        Random random = new Random(5);
        // Backwards jumps start a new walk; 300 distinct points grow the table many times over.
        for (int asked = 0; asked < 2000; asked++) {
            int point = random.nextInt(300) * (grid.size() / 300);
            assertThat(Double.doubleToRawLongBits(points.at(point))).as("point %d", point)
                    .isEqualTo(Double.doubleToRawLongBits(expected[point]));
        }
    }

    @Test
    void a_value_known_beforehand_is_answered_and_others_are_still_walked() {
        RunData run = run(4);
        Grid grid = Grid.covering(run.startMillis(), run.endMillis());
        double[] expected = onTheGrid(run, grid);
        CounterPoints points = new CounterPoints(run.series().get(0), new long[] {T0 + 400_000L}, false, grid);
        points.know(250, -1); // not a value the counter can take: proves it is answered from what was known
        points.know(250, -2); // a point already known keeps its first value

        assertThat(points.at(250)).isEqualTo(-1);
        assertThat(points.at(251)).isEqualTo(expected[251]);
        assertThat(points.at(100)).isEqualTo(expected[100]);
    }

    @Test
    void step_instants_given_up_front_change_no_increase_between_them() {
        RunData run = run(6);
        Grid grid = Grid.covering(run.startMillis(), run.endMillis());
        long[] instants = {T0 - 5000, T0 + 60_000, T0 + 199_500, T0 + 260_000, T0 + 399_999, T0 + 400_000,
            T0 + 590_000, T0 + 10_000_000};
        TargetSeries told = new TargetSeries(run, "app", grid, instants);
        TargetSeries walked = new TargetSeries(run, "app", grid);
        told.increase("x_total"); // puts the counter on the grid, keeping its values at the instants

        for (long from : instants) {
            for (long to : instants) {
                if (from < to) {
                    assertThat(told.increaseBetween("x_total", k -> true, from, to)).as("%d → %d", from - T0, to - T0)
                            .isEqualTo(walked.increaseBetween("x_total", k -> true, from, to));
                }
            }
        }
    }
}
