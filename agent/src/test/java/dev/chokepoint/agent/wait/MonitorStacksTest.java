package dev.chokepoint.agent.wait;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class MonitorStacksTest {

    private long now;
    private long requests;
    private double requestSeconds;
    private final MonitorStacks stacks = new MonitorStacks(new BusyWindow(0, () -> requests, () -> requestSeconds));

    /**
     * The flush that ends a window of {@link BusyWindow#WINDOW_SECONDS}: {@code perSecond} requests a
     * second, 8 in flight (8 request-seconds a second), of which {@code lockedMillis} a second on monitors.
     */
    private Boolean flushAfter(long perSecond, long lockedMillis) {
        long seconds = BusyWindow.WINDOW_SECONDS;
        stacks.requestWaited(TimeUnit.MILLISECONDS.toNanos(lockedMillis * seconds));
        requests += perSecond * seconds;
        requestSeconds += 8.0 * seconds;
        now += TimeUnit.SECONDS.toNanos(seconds);
        return stacks.flushed(now);
    }

    @Test
    void busyAndMonitorWaitsUnderTwoPercentTurnTheStacksOff() {
        assertThat(flushAfter(9_000, 150)).isFalse(); // 150 ms of 8 s: 1.9 %
        assertThat(stacks.on()).isFalse();
        assertThat(flushAfter(9_000, 150)).isNull();
    }

    @Test
    void theFirstWindowWhereMonitorWaitsReachTwoPercentTurnsThemBackWithoutWaitingForALook() {
        assertThat(flushAfter(9_000, 0)).isFalse();
        assertThat(flushAfter(9_000, 160)).isTrue(); // 160 ms of 8 s: 2 %, seen without stacks
        assertThat(stacks.on()).isTrue();
        for (int i = 0; i < 10; i++) {
            assertThat(flushAfter(9_000, 800)).as("window %d", i).isNull();
        }
        assertThat(stacks.on()).isTrue();
    }

    @Test
    void underAThousandRequestsASecondTheStacksStayOnOrComeBack() {
        for (int i = 0; i < 10; i++) {
            assertThat(flushAfter(BusyWindow.BUSY_PER_SECOND - 1, 0)).as("window %d", i).isNull();
        }
        assertThat(flushAfter(9_000, 0)).isFalse();
        assertThat(flushAfter(BusyWindow.BUSY_PER_SECOND - 1, 0)).isTrue(); // a lighter step: CI's scenarios
    }

    @Test
    void withoutTheRequestProbeTheStacksStayOn() {
        for (int i = 0; i < 10; i++) {
            assertThat(flushAfter(0, 0)).isNull();
        }
        assertThat(stacks.on()).isTrue();
    }

    @Test
    void aFlushInsideTheWindowDecidesNothing() {
        requests += 9_000;
        now += TimeUnit.SECONDS.toNanos(1);
        assertThat(stacks.flushed(now)).isNull();
        assertThat(stacks.on()).isTrue();
    }
}
