package dev.chokepoint.agent.wait;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class LookScheduleTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private long now;
    private long requests;
    private double requestSeconds;
    private final LookSchedule looks = new LookSchedule(0, () -> requests, () -> requestSeconds);

    /** One second of requests ending at a gate's window: {@code perSecond} of {@code meanMillis} each. */
    private void second(long perSecond, double meanMillis) {
        seconds(looks, 1, perSecond, meanMillis);
    }

    /** {@code n} such seconds, each ending at a window of {@code schedule}'s gate. */
    private void seconds(LookSchedule schedule, int n, long perSecond, double meanMillis) {
        for (int i = 0; i < n; i++) {
            requests += perSecond;
            requestSeconds += perSecond * meanMillis / 1000;
            now += SECOND;
            schedule.windowEnded(now);
        }
    }

    /** Seconds of a steady load, the gate off, until a look is due; the seconds it took (capped at 100). */
    private int secondsToLook(long perSecond, double meanMillis) {
        for (int i = 1; i <= 100; i++) {
            second(perSecond, meanMillis);
            if (looks.due(now)) {
                return i;
            }
        }
        return 100;
    }

    /** The gate goes off, then {@code n} looks at a steady load each find nothing: the spacing is then 10 s × 2^n, at most 40 s. */
    private void offWithQuietLooks(int n, long perSecond, double meanMillis) {
        looks.wentOff(now);
        for (int i = 0; i < n; i++) {
            secondsToLook(perSecond, meanMillis);
            looks.wentOff(now);
        }
    }

    @Test
    void lookSpacingDoublesAfterEachQuietLookUpToTheLongest() {
        second(9_000, 0.25);
        looks.wentOff(now);
        assertThat(secondsToLook(9_000, 0.25)).isEqualTo(LookSchedule.FIRST_SECONDS);
        looks.wentOff(now);
        assertThat(secondsToLook(9_000, 0.25)).isEqualTo(2 * LookSchedule.FIRST_SECONDS);
        looks.wentOff(now);
        assertThat(secondsToLook(9_000, 0.25)).isEqualTo(LookSchedule.LONGEST_SECONDS);
        looks.wentOff(now);
        assertThat(secondsToLook(9_000, 0.25)).isEqualTo(LookSchedule.LONGEST_SECONDS);
    }

    @Test
    void goingOffAfterTheWaitsMatteredStartsTheSpacingOver() {
        offWithQuietLooks(1, 9_000, 0.25);
        secondsToLook(9_000, 0.25);
        looks.waitsMattered(); // the look found waits that mattered; they stopped mattering later
        looks.wentOff(now);
        assertThat(secondsToLook(9_000, 0.25)).isEqualTo(LookSchedule.FIRST_SECONDS);
    }

    @Test
    void aLoadThatMovesByHalfCallsALookAtOnce() {
        looks.wentOff(now);
        seconds(looks, 3, 9_000, 0.25);
        assertThat(looks.due(now)).isFalse();
        seconds(looks, 3, 9_000, 0.6); // a wait doubled the requests' time, at the same rate
        assertThat(looks.due(now)).isTrue();
    }

    @Test
    void aLoadStepCallsALookAndTheSpacingStartsOverAfterIt() {
        offWithQuietLooks(2, 100, 5); // spacing now 40 s
        assertThat(secondsToLook(150, 5)).as("a step from 100 to 150 a second").isLessThanOrEqualTo(6);
        looks.wentOff(now); // quiet at the new load: 10 s again, not 80
        assertThat(secondsToLook(150, 5)).isEqualTo(LookSchedule.FIRST_SECONDS);
        looks.wentOff(now);
        assertThat(secondsToLook(190, 5)).as("a step of a quarter: at the spacing").isEqualTo(2 * LookSchedule.FIRST_SECONDS);
    }

    @Test
    void whatASaturatedLoadMovesByOnItsOwnCallsNoLook() {
        // 3-second windows of /select under hey on two cores, a minute of them (2026-12-05): rate at
        // most ×1.30 apart, mean time ×1.36. Any one of them as the load the gate went off in, any
        // other next.
        long[] rates = {7_258, 8_545, 7_965, 7_679, 7_485, 7_229, 6_735, 6_566, 7_505, 8_411,
                8_366, 7_530, 7_467, 7_432, 7_194, 6_909, 6_913, 7_396, 7_484};
        double[] means = {0.246, 0.234, 0.269, 0.274, 0.286, 0.288, 0.300, 0.294, 0.259, 0.235,
                0.242, 0.269, 0.275, 0.273, 0.307, 0.319, 0.290, 0.282, 0.269};
        for (int before = 0; before < rates.length; before++) {
            for (int after = 0; after < rates.length; after++) {
                LookSchedule schedule = new LookSchedule(now, () -> requests, () -> requestSeconds);
                seconds(schedule, 3, rates[before], means[before]);
                schedule.wentOff(now);
                seconds(schedule, 3, rates[after], means[after]);
                assertThat(schedule.due(now)).as("window %d after %d", after, before).isFalse();
            }
        }
    }

    @Test
    void requestsStoppingCallALook() {
        looks.wentOff(now);
        seconds(looks, 3, 2_000, 1);
        assertThat(looks.due(now)).isFalse();
        seconds(looks, 3, 0, 0);
        assertThat(looks.due(now)).isTrue();
    }
}
