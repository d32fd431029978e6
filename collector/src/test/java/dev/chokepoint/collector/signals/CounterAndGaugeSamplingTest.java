package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** How raw scraped series become numbers on the grid: resets, gaps, late-born series, buckets. */
class CounterAndGaugeSamplingTest {

    static final long T0 = 1_000_000L;

    static Series series(String name, Map<String, String> labels, double... values) {
        long[] t = new long[values.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = T0 + i * 1000L;
        }
        return new Series(SeriesKey.of("app", name, labels), t, values);
    }

    /** The recording saw the target's process change at {@code time} (its first scrape of the new one). */
    static ScrapeEvent restartAt(long time) {
        return new ScrapeEvent("app", time, ScrapeEvent.Kind.RESTART, "a new process: agent instance a → b");
    }

    static TargetSeries target(Series... s) {
        long end = T0 + (s[0].size() - 1) * 1000L;
        return new TargetSeries(new RunData(T0, end, List.of("app"), List.of(s), List.of()), "app", Grid.covering(T0, end));
    }

    @Test
    void a_counter_reset_counts_as_a_restart_not_a_negative_rate() {
        // given 10/s, then the target restarts at t=6 (the recording saw its process change) and counts again from 0
        Series x = series("x_total", Map.of(), 0, 10, 20, 30, 40, 50, 5, 15, 25, 35, 45);
        TargetSeries in = new TargetSeries(new RunData(T0, T0 + 10_000, List.of("app"), List.of(x),
                List.of(restartAt(T0 + 6000))), "app", Grid.covering(T0, T0 + 10_000));

        double[] increase = in.increase("x_total");

        // window of 5 s ending at t=8 covers 30→50, reset, 5→25: 20 + 5 + 20 (the restart counted from zero)
        assertThat(increase[8]).isEqualTo(45);
        assertThat(java.util.Arrays.stream(increase).filter(v -> !Double.isNaN(v))).allMatch(v -> v >= 0);
    }

    @Test
    void a_counter_that_goes_down_in_a_live_process_counts_nothing_rather_than_its_whole_value() {
        // given the agent's core-wait counter at low load, 10 ms of waiting a second, reading 20 ms low
        // at t=6 with no restart recorded (on virtual threads it went down about once a second)
        TargetSeries in = target(series("wait_seconds_total", Map.of(), 1.00, 1.01, 1.02, 1.03, 1.04, 1.05, 1.03, 1.07,
                1.08, 1.09, 1.10));

        double[] increase = in.increase("wait_seconds_total");

        // then a window over the dip reads its 50 ms counted plus the 20 ms dip, at most: read as a
        // restart, the 1.03 s of waiting since the process started landed in it
        assertThat(increase[8]).isCloseTo(0.07, within(1e-9));
        assertThat(increase[5]).isCloseTo(0.05, within(1e-9));
        assertThat(java.util.Arrays.stream(increase).filter(v -> !Double.isNaN(v))).allMatch(v -> v >= 0 && v <= 0.07 + 1e-9);
    }

    @Test
    void a_gap_in_scrapes_is_not_a_drop_to_zero() {
        Series gauge = new Series(SeriesKey.of("app", "g", Map.of()), new long[] {T0, T0 + 1000, T0 + 7000, T0 + 8000},
                new double[] {4, 4, 6, 6});
        TargetSeries in = new TargetSeries(new RunData(T0, T0 + 8000, List.of("app"), List.of(gauge), List.of()), "app",
                Grid.covering(T0, T0 + 8000));

        double[] v = in.gaugeSum("g");

        assertThat(v[3]).as("held from the last sample inside the staleness limit").isEqualTo(4);
        assertThat(v[8]).isEqualTo(6);
    }

    @Test
    void late_and_irregular_scrapes_still_give_a_window_its_own_length_of_counting() {
        // given a CPU-time counter growing 1.8 s per second, scraped late and irregularly (a
        // saturated target answering after 0.5-2.3 s), stamped when its meters were read
        long[] at = {0, 1000, 2400, 3100, 5600, 6000, 7000, 8900, 9500, 10_000, 12_300, 13_000};
        double[] cpu = new double[at.length];
        for (int i = 0; i < at.length; i++) {
            at[i] += T0;
            cpu[i] = 1.8 * (at[i] - T0) / 1000.0;
        }
        Series counter = new Series(SeriesKey.of("app", "cpu_seconds_total", Map.of()), at, cpu);
        TargetSeries in = new TargetSeries(new RunData(T0, T0 + 13_000, List.of("app"), List.of(counter), List.of()),
                "app", Grid.covering(T0, T0 + 13_000));

        double[] increase = in.increase("cpu_seconds_total");

        // then every full window reads 1.8 cores (held from the last sample, they read 1.08-2.48 here)
        for (int i = 5; i <= 13; i++) {
            assertThat(increase[i] / 5).as("window ending at %d s", i).isCloseTo(1.8, within(1e-9));
        }
    }

    @Test
    void a_counter_over_a_long_gap_the_process_lived_through_is_spread_over_it() {
        // given a CPU-time counter at 1.8 cores, scraped each second but unanswered from 3 s to 15 s
        // (an endpoint thread that got no core), then answered with the count continued
        long[] at = {0, 1000, 2000, 3000, 15_000, 16_000, 17_000};
        double[] cpu = new double[at.length];
        for (int i = 0; i < at.length; i++) {
            cpu[i] = 1.8 * at[i] / 1000.0;
            at[i] += T0;
        }
        TargetSeries in = new TargetSeries(new RunData(T0, T0 + 17_000, List.of("app"),
                List.of(new Series(SeriesKey.of("app", "cpu_seconds_total", Map.of()), at, cpu)), List.of()), "app",
                Grid.covering(T0, T0 + 17_000));

        double[] increase = in.increase("cpu_seconds_total");
        double[] samples = in.samplesInWindow();

        // then every window inside the gap reads the gap's 1.8 cores (held, 0), and rests on its two scrapes
        for (int i = 8; i <= 14; i++) {
            assertThat(increase[i] / 5).as("window ending at %d s", i).isCloseTo(1.8, within(1e-9));
            assertThat(samples[i]).as("scrapes under the window ending at %d s", i).isEqualTo(2);
        }
        assertThat(samples[7]).as("scrapes at 2-7 s: 3, and the gap's far end beyond it").isEqualTo(2);
        assertThat(samples[17]).as("scrapes at 13-17 s: 15, 16, 17, and the gap's near end before it").isEqualTo(4);
    }

    @Test
    void a_counter_that_starts_again_after_a_long_gap_holds_over_it() {
        // given 10/s until t=3, then nothing until t=12, where the target answers again counting from zero
        Series counter = new Series(SeriesKey.of("app", "x_total", Map.of()),
                new long[] {T0, T0 + 1000, T0 + 2000, T0 + 3000, T0 + 12_000, T0 + 13_000}, new double[] {0, 10, 20, 30, 2, 12});
        TargetSeries in = new TargetSeries(new RunData(T0, T0 + 13_000, List.of("app"), List.of(counter),
                List.of(restartAt(T0 + 12_000))), "app", Grid.covering(T0, T0 + 13_000));

        double[] increase = in.increase("x_total");

        // then the down time reads as no counting: the restarted process's 2 are counted at its first answer
        assertThat(increase[9]).isEqualTo(0);
        assertThat(increase[12]).isEqualTo(2);
    }

    @Test
    void non_finite_samples_are_skipped_not_averaged() {
        TargetSeries in = target(series("g", Map.of(), 2, 2, Double.POSITIVE_INFINITY, 2, Double.NaN, 2, 2),
                series("c_total", Map.of(), 0, 1, Double.POSITIVE_INFINITY, 3, 4, 5, 6));

        assertThat(in.gaugeSum("g")[5]).isEqualTo(2);
        assertThat(in.increase("c_total")[6]).isEqualTo(5);
    }

    @Test
    void a_timer_born_during_the_run_counts_its_first_calls() {
        // the target was scraped from T0; the timer appears at t=3 already holding 3 calls
        Series up = series("up", Map.of(), 1, 1, 1, 1, 1, 1, 1, 1);
        Series late = new Series(SeriesKey.of("app", "t_count", Map.of()), new long[] {T0 + 3000, T0 + 4000, T0 + 5000},
                new double[] {3, 4, 5});
        TargetSeries in = new TargetSeries(new RunData(T0, T0 + 7000, List.of("app"), List.of(up, late), List.of()), "app",
                Grid.covering(T0, T0 + 7000));

        assertThat(in.increase("t_count")[5]).isEqualTo(5);
    }

    @Test
    void an_interval_starting_before_the_first_scrape_counts_from_its_first_point() {
        // the first step (the baseline) begins a moment before the recording's first scrape, and the
        // counter already held 100 calls from the warm-up
        TargetSeries in = target(series("t_count", Map.of(), 100, 110, 120, 130, 140));

        assertThat(in.increaseBetween("t_count", k -> true, T0 - 400, T0 + 3000)).isEqualTo(30);
        assertThat(in.increaseBetween("t_count", k -> true, T0 + 1000, T0 + 4000)).isEqualTo(30);
    }

    @Test
    void quantile_interpolates_inside_the_bucket_like_prometheus() {
        Histogram h = new Histogram();
        h.add("0.1", 50);
        h.add("0.5", 100);
        h.add("+Inf", 100);

        assertThat(h.quantile(0.5)).isCloseTo(0.1, within(1e-9));
        assertThat(h.quantile(0.75)).isCloseTo(0.3, within(1e-9));
        assertThat(new Histogram().quantile(0.95)).isNaN();
    }

    @Test
    void a_quantile_in_the_infinite_bucket_answers_the_highest_finite_bound() {
        Histogram h = new Histogram();
        h.add("1.0", 10);
        h.add("+Inf", 100);

        assertThat(h.quantile(0.95)).isEqualTo(1.0);
    }

    @Test
    void units_read_like_a_person_writes_them() {
        assertThat(Unit.SECONDS.format(0.84)).isEqualTo("840 ms");
        assertThat(Unit.SECONDS.format(1.5)).isEqualTo("1.5 s");
        assertThat(Unit.RATIO.format(0.372)).isEqualTo("37.2 %");
        assertThat(Unit.FACTOR.format(4.25)).isEqualTo("×4.25");
        assertThat(Unit.COUNT.format(Double.NaN)).isEqualTo("n/a");
    }
}
