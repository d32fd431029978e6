package dev.chokepoint.agent.request;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import static org.assertj.core.api.Assertions.assertThat;

class CpuSamplingTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long WINDOW = CpuSampling.WINDOW_MILLIS * MS;

    @Test
    void belowTheBusyRateEveryRequestReadsTheClock() {
        CpuSampling sampling = new CpuSampling(0, 42, new LongAdder());
        long spacing = TimeUnit.SECONDS.toNanos(1) / (CpuSampling.BUSY_PER_SECOND - 10); // 990 a second
        for (int i = 0; i < 20_000; i++) {
            assertThat(sampling.weight(i * spacing)).as("request %d", i).isEqualTo(1);
        }
    }

    @Test
    void inABusyProcessOneRequestInEveryReadsTheClockAndWeighsSoTheCountStaysUnbiased() {
        CpuSampling sampling = new CpuSampling(0, 7, new LongAdder());
        long now = 0;
        for (; now < WINDOW; now += 20_000) { // the first window: every request, weight 1
            assertThat(sampling.weight(now)).isEqualTo(1);
        }
        int requests = 400_000;
        long weights = 0;
        int read = 0;
        for (int i = 0; i < requests; i++, now += 20_000) { // 20 µs apart: 50 000 a second
            int weight = sampling.weight(now);
            assertThat(weight).isIn(0, CpuSampling.EVERY);
            weights += weight;
            read += weight > 0 ? 1 : 0;
        }
        // Binomial(400 000, 1/8): the standard deviation of the reads is ≈ 209 (0.4 %); ±2 % is 10 of them.
        assertThat((double) weights / requests).isBetween(0.98, 1.02);
        assertThat((double) read / requests).isBetween(0.98 / CpuSampling.EVERY, 1.02 / CpuSampling.EVERY);
    }

    @Test
    void theRateIsTheProcesssThreadsTogetherNotEachThreads() {
        // 700 a second on each of two threads: neither is busy alone, the process at 1 400 is.
        long spacing = TimeUnit.SECONDS.toNanos(1) / 700;
        assertThat(readsPerRequestAfterAWarmUp(spacing, 1)).isEqualTo(1.0);
        double twoThreads = readsPerRequestAfterAWarmUp(spacing, 2);
        assertThat(twoThreads).isBetween(0.5 / CpuSampling.EVERY, 2.0 / CpuSampling.EVERY);
    }

    /** Fraction of requests that read the clock on the first of {@code threads} sharing a counter, from their 3rd window on. */
    private static double readsPerRequestAfterAWarmUp(long spacing, int threads) {
        LongAdder process = new LongAdder();
        CpuSampling[] samplings = new CpuSampling[threads];
        for (int t = 0; t < threads; t++) {
            samplings[t] = new CpuSampling(0, 11 + t, process);
        }
        int read = 0;
        int counted = 0;
        for (long now = 0; now < 40 * WINDOW; now += spacing) {
            for (int t = 0; t < threads; t++) {
                int weight = samplings[t].weight(now + t); // interleaved, one nanosecond apart
                if (t == 0 && now >= 3 * WINDOW) {
                    read += weight > 0 ? 1 : 0;
                    counted++;
                }
            }
        }
        return (double) read / counted;
    }

    @Test
    void anIdleGapEndsSamplingAndItsOldWindowDoesNotCountAsNewRequests() {
        LongAdder process = new LongAdder();
        CpuSampling sampling = new CpuSampling(0, 3, process);
        long now = 0;
        for (int i = 0; i < 3_000; i++, now += 100_000) { // 300 ms at 10 000 a second
            sampling.weight(now);
        }
        long reported = process.sum();
        now += 2 * WINDOW; // idle: the window that ended is not the one just before
        CpuSampling other = new CpuSampling(now, 4, process);
        for (int i = 0; i < 50; i++, now += MS) {
            assertThat(sampling.weight(now)).isEqualTo(1);
            other.weight(now);
        }
        assertThat(process.sum()).as("the window before the gap is not reported").isEqualTo(reported);
    }

    @Test
    void threadsSeededApartDrawApart() {
        LongAdder process = new LongAdder();
        CpuSampling a = new CpuSampling(0, 1, process);
        CpuSampling b = new CpuSampling(0, 2, process);
        long now = 0;
        for (; now < 2 * WINDOW; now += 100_000) {
            a.weight(now);
            b.weight(now);
        }
        int same = 0;
        for (int i = 0; i < 1_000; i++, now += 100_000) {
            same += a.weight(now) == b.weight(now) ? 1 : 0;
        }
        assertThat(same).isLessThan(950); // two independent 1-in-8 draws agree ≈ 78 % of the time
    }
}
