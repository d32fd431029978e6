package dev.chokepoint.agent.wait;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class StartUpSettledTest {

    @Test
    void quietClassLoadingSettlesAfterTheQuietPeriod() throws InterruptedException {
        AtomicLong classes = new AtomicLong(5_000);
        StartUpSettled settled = new StartUpSettled(() -> classes.addAndGet(1), 300, 5_000);

        long millis = timed(settled);

        assertThat(millis).isBetween(300L, 2_000L);
    }

    @Test
    void classesLoadingInBulkKeepItWaitingUntilTheLatest() throws InterruptedException {
        AtomicLong classes = new AtomicLong();
        StartUpSettled settled = new StartUpSettled(() -> classes.addAndGet(StartUpSettled.QUIET_CLASSES), 300, 1_200);

        long millis = timed(settled);

        assertThat(millis).isGreaterThanOrEqualTo(1_200L);
    }

    @Test
    void aBurstRestartsTheQuietPeriod() throws InterruptedException {
        AtomicLong polls = new AtomicLong();
        // Bulk loading for the first five polls (~0.5 s), then quiet: settles only 300 ms after the burst.
        StartUpSettled settled = new StartUpSettled(
                () -> polls.incrementAndGet() <= 5 ? polls.get() * 100 : 500, 300, 5_000);

        long millis = timed(settled);

        assertThat(millis).isGreaterThanOrEqualTo(700L).isLessThan(5_000L);
    }

    private static long timed(StartUpSettled settled) throws InterruptedException {
        long start = System.nanoTime();
        settled.await();
        return (System.nanoTime() - start) / 1_000_000;
    }
}
