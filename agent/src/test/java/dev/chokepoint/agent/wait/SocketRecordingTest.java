package dev.chokepoint.agent.wait;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class SocketRecordingTest {

    private static final long WINDOW = TimeUnit.SECONDS.toNanos(BusyWindow.WINDOW_SECONDS);

    private long now;
    private long requests;
    private double requestSeconds;
    private final SocketRecording sockets = new SocketRecording(new BusyWindow(0, () -> requests, () -> requestSeconds),
            new LookSchedule(0, () -> requests, () -> requestSeconds));

    /**
     * One window of flushes: {@code served} requests a second, 8 request-seconds a second (8 in
     * flight), {@code waitedMillis} a second on sockets.
     */
    private Boolean window(long served, long waitedMillis) {
        long seconds = BusyWindow.WINDOW_SECONDS;
        sockets.requestWaited(TimeUnit.MILLISECONDS.toNanos(waitedMillis * seconds));
        requests += served * seconds;
        requestSeconds += 8 * seconds;
        now += WINDOW;
        return sockets.flushed(now);
    }

    @Test
    void busyAndSocketWaitsUnderTwoPercentTurnThemOff() {
        assertThat(window(9_000, 100)).isFalse(); // 100 ms of 8 s: 1.25 %
        assertThat(sockets.on()).isFalse();
        assertThat(window(9_000, 0)).isNull();
    }

    @Test
    void socketWaitsOfTwoPercentOrMoreKeepThemOn() {
        for (int i = 0; i < 20; i++) {
            assertThat(window(9_000, 160)).as("window %d", i).isNull(); // 160 ms of 8 s: 2 %
        }
        assertThat(sockets.on()).isTrue();
    }

    @Test
    void underAThousandRequestsASecondTheyStayOn() {
        for (int i = 0; i < 20; i++) {
            assertThat(window(BusyWindow.BUSY_PER_SECOND - 1, 0)).as("window %d", i).isNull();
        }
        assertThat(sockets.on()).isTrue();
    }

    @Test
    void withoutTheRequestProbeTheyStayOn() {
        for (int i = 0; i < 20; i++) {
            assertThat(window(0, 0)).isNull();
        }
        assertThat(sockets.on()).isTrue();
    }

    @Test
    void theyComeBackForAWindowWhenALookIsDueAndStayWhileTheWaitsMatter() {
        assertThat(window(9_000, 0)).isFalse();
        assertThat(windowsOffUntilALook(9_000)).isEqualTo(windowsIn(LookSchedule.FIRST_SECONDS));
        assertThat(sockets.on()).isTrue();
        assertThat(window(9_000, 800)).isNull(); // a downstream now takes 10 % of the requests' time
        assertThat(window(9_000, 800)).isNull();
        assertThat(window(9_000, 0)).isFalse(); // and no longer: the next look 10 s on again
        assertThat(windowsOffUntilALook(9_000)).isEqualTo(windowsIn(LookSchedule.FIRST_SECONDS));
    }

    @Test
    void quietLooksComeLessOftenWhileTheLoadHoldsStillAndAtOnceWhenItMoves() {
        assertThat(window(9_000, 0)).isFalse();
        assertThat(windowsOffUntilALook(9_000)).isEqualTo(windowsIn(LookSchedule.FIRST_SECONDS));
        assertThat(window(9_000, 0)).isFalse();
        assertThat(windowsOffUntilALook(9_000)).isEqualTo(windowsIn(2 * LookSchedule.FIRST_SECONDS));
        assertThat(window(9_000, 0)).isFalse();
        assertThat(windowsOffUntilALook(9_000)).isEqualTo(windowsIn(LookSchedule.LONGEST_SECONDS));
        assertThat(window(9_000, 0)).isFalse();
        assertThat(windowsOffUntilALook(4_000)).as("the load halved").isEqualTo(1);
    }

    /** Windows off at {@code served} a second until the one that turns them on for a look (at most 100). */
    private int windowsOffUntilALook(long served) {
        for (int i = 1; i <= 100; i++) {
            Boolean turned = window(served, 0);
            if (turned != null) {
                assertThat(turned).isTrue();
                return i;
            }
        }
        return 100;
    }

    /** Windows until the first that ends {@code seconds} or more after the one it went off at. */
    private static long windowsIn(long seconds) {
        return (seconds + BusyWindow.WINDOW_SECONDS - 1) / BusyWindow.WINDOW_SECONDS;
    }

    @Test
    void aFlushInsideTheWindowDecidesNothing() {
        requests += 9_000;
        now += WINDOW / 2;
        assertThat(sockets.flushed(now)).isNull();
        assertThat(window(0, 0)).isFalse(); // the window is the whole 4.5 s: 9 000 requests, 2 000 a second
    }
}
