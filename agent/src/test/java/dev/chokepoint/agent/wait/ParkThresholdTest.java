package dev.chokepoint.agent.wait;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class ParkThresholdTest {

    private static final Duration ONE_MS = Duration.ofMillis(1);
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private long now;
    /** The requests so far: 8 000 a second. */
    private long requests;
    /** The requests' time so far: 8 request-seconds a second (8 in flight), as on a saturated worker pool. */
    private double requestSeconds;
    private final ParkThreshold threshold = parkThreshold(ONE_MS);

    private ParkThreshold parkThreshold(Duration configured) {
        return new ParkThreshold(configured, 0, () -> requests, () -> requestSeconds,
                new LookSchedule(0, () -> requests, () -> requestSeconds));
    }

    /** One second of flushes: {@code idle} idle parks and {@code parkedMillis} of request parks. */
    private Duration second(int idle, long parkedMillis) {
        for (int i = 0; i < idle; i++) {
            threshold.idlePark();
        }
        threshold.requestPark(TimeUnit.MILLISECONDS.toNanos(parkedMillis));
        now += SECOND;
        requests += 8_000;
        requestSeconds += 8;
        return threshold.flushed(now);
    }

    @Test
    void manyIdleParksAndRequestParksUnderTwoPercentRaiseIt() {
        assertThat(second(4_000, 100)).isEqualTo(ParkThreshold.RAISED); // 100 ms of 8 s: 1.25 %
        assertThat(threshold.current()).isEqualTo(ParkThreshold.RAISED);
        assertThat(second(10, 100)).isNull(); // raised: few idle parks reach it, parks still under 2 %
    }

    @Test
    void requestParksOfTwoPercentOrMoreKeepItOrBringItBack() {
        assertThat(second(4_000, 160)).isNull(); // 160 ms of 8 s: 2 %
        assertThat(threshold.current()).isEqualTo(ONE_MS);
        assertThat(second(4_000, 0)).isEqualTo(ParkThreshold.RAISED);
        assertThat(second(0, 500)).isEqualTo(ONE_MS); // the long parks it still sees explain 6 %
    }

    @Test
    void fewIdleParksLeaveItAlone() {
        for (int i = 0; i < 30; i++) {
            assertThat(second((int) ParkThreshold.IDLE_PER_SECOND - 1, 0)).isNull();
        }
        assertThat(threshold.current()).isEqualTo(ONE_MS);
    }

    @Test
    void itLooksAgainAtTheConfiguredThresholdWhenALookIsDue() {
        assertThat(second(4_000, 0)).isEqualTo(ParkThreshold.RAISED);
        assertThat(secondsRaisedUntilALook()).isEqualTo(LookSchedule.FIRST_SECONDS);
        assertThat(second(4_000, 0)).isEqualTo(ParkThreshold.RAISED); // still the same: raised again
        assertThat(secondsRaisedUntilALook()).isEqualTo(2 * LookSchedule.FIRST_SECONDS); // and looks later
        assertThat(second(0, 0)).isNull(); // the look's first second: its events not handed over yet
        assertThat(second(4_000, 0)).isEqualTo(ParkThreshold.RAISED); // a look all the same
        assertThat(secondsRaisedUntilALook()).isEqualTo(LookSchedule.LONGEST_SECONDS);
        assertThat(second(4_000, 500)).isNull(); // this look finds parks that matter: it stays
        assertThat(second(4_000, 0)).isEqualTo(ParkThreshold.RAISED);
        assertThat(secondsRaisedUntilALook()).isEqualTo(LookSchedule.FIRST_SECONDS);
    }

    /** Seconds raised, with nothing that matters, until the threshold returns for a look (at most 100). */
    private long secondsRaisedUntilALook() {
        for (int i = 1; i <= 100; i++) {
            Duration set = second(0, 0);
            if (set != null) {
                assertThat(set).isEqualTo(ONE_MS);
                return i;
            }
        }
        return 100;
    }

    @Test
    void noRequestsFinishedMeansParksMayMatter() {
        now += SECOND;
        for (int i = 0; i < 4_000; i++) {
            threshold.idlePark();
        }
        assertThat(threshold.flushed(now)).isNull();
    }

    @Test
    void flushesInsideASecondWaitForTheWindow() {
        for (int i = 0; i < 4_000; i++) {
            threshold.idlePark();
        }
        requestSeconds = 4;
        assertThat(threshold.flushed(SECOND / 2)).isNull();
        requestSeconds = 8;
        assertThat(threshold.flushed(SECOND)).isEqualTo(ParkThreshold.RAISED);
    }

    @Test
    void aConfiguredThresholdAtOrAboveTheRaisedOneNeverMoves() {
        ParkThreshold tenMs = parkThreshold(Duration.ofMillis(10));
        for (int i = 0; i < 4_000; i++) {
            tenMs.idlePark();
        }
        requestSeconds = 8;
        assertThat(tenMs.flushed(SECOND)).isNull();
        assertThat(tenMs.current()).isEqualTo(Duration.ofMillis(10));
    }
}
