package dev.chokepoint.agent.wait;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class RunningClockTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private long system;
    private final RunningClock clock = new RunningClock(() -> system);

    @Test
    void flushesASecondApartAreAllRunningTime() {
        for (int i = 1; i <= 10; i++) {
            system += SECOND;
            assertThat(clock.flushed()).isEqualTo(i * SECOND);
        }
        system += 2_900_000_000L; // a slow flush, under the longest gap: still running
        assertThat(clock.flushed()).isEqualTo(12_900_000_000L);
    }

    @Test
    void aStopBetweenTwoFlushesCountsAsHalfASecondOfRunning() {
        system += SECOND;
        clock.flushed();
        system += 10 * SECOND; // frozen for ≈ 9.5 s
        assertThat(clock.flushed()).isEqualTo(SECOND + SECOND / 2);
        system += SECOND;
        assertThat(clock.flushed()).isEqualTo(2 * SECOND + SECOND / 2);
        system += SECOND / 2;
        assertThat(clock.now()).isEqualTo(3 * SECOND);
    }

    /**
     * A saturated service (8 000 requests a second, parks raised for its idle workers) frozen for
     * 10 s between two stretches of the same load: measured by running time its load did not move,
     * so the parks stay raised until the spaced look; measured by the monotonic clock the window
     * that spans the stop reads a fall, and the parks are recorded at 1 ms again at once.
     */
    @Test
    void aStoppedJvmIsNotALoadThatMoved() {
        assertThat(lookAfterAStop(true)).isFalse();
        assertThat(lookAfterAStop(false)).isTrue();
    }

    private boolean lookAfterAStop(boolean runningTime) {
        system = 0;
        long[] requests = {0};
        double[] requestSeconds = {0};
        RunningClock running = new RunningClock(() -> system);
        ParkThreshold threshold = new ParkThreshold(Duration.ofMillis(1), 0, () -> requests[0], () -> requestSeconds[0],
                new LookSchedule(0, () -> requests[0], () -> requestSeconds[0]));
        boolean looked = false;
        for (int second = 1; second <= 8; second++) {
            if (second == 4) {
                system += 10 * SECOND; // stopped: no request, the monotonic clock runs on
            }
            for (int i = 0; i < 4_000; i++) {
                threshold.idlePark();
            }
            system += SECOND;
            requests[0] += 8_000;
            requestSeconds[0] += 8;
            Duration set = threshold.flushed(runningTime ? running.flushed() : system);
            looked |= second > 1 && ParkThreshold.RAISED.compareTo(threshold.current()) > 0;
            assertThat(second > 1 || ParkThreshold.RAISED.equals(set)).isTrue();
        }
        return looked;
    }
}
