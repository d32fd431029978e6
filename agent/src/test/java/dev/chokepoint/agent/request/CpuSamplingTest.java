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
    void inABusyProcessOneRequestInManyReadsTheClockAndWeighsSoTheCountStaysUnbiased() {
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
            assertThat(weight).isIn(0, CpuSampling.MAX_EVERY);
            weights += weight;
            read += weight > 0 ? 1 : 0;
        }
        // 50 000 a second: one in 64. Binomial(400 000, 1/64): the standard deviation of the reads is
        // ≈ 78 (1.25 %); ±5 % is 4 of them.
        assertThat((double) weights / requests).isBetween(0.95, 1.05);
        assertThat((double) read / requests).isBetween(0.95 / CpuSampling.MAX_EVERY, 1.05 / CpuSampling.MAX_EVERY);
    }

    @Test
    void theRateIsTheProcesssThreadsTogetherNotEachThreads() {
        // 700 a second on each of two threads: neither is busy alone, the process at 1 400 is.
        long spacing = TimeUnit.SECONDS.toNanos(1) / 700;
        assertThat(readsPerRequestAfterAWarmUp(spacing, 1)).isEqualTo(1.0);
        double twoThreads = readsPerRequestAfterAWarmUp(spacing, 2);
        assertThat(twoThreads).isBetween(0.5 / CpuSampling.MIN_EVERY, 2.0 / CpuSampling.MIN_EVERY);
    }

    @Test
    void aFasterProcessReadsTheClockForAFewerShareOfItsRequests() {
        // 1 400, 3 000, 6 000 and 10 000 a second on two threads: one in 8, 16, 32 and 64
        int[] rates = {1_400, 3_000, 6_000, 10_000};
        int[] every = {8, 16, 32, 64};
        for (int i = 0; i < rates.length; i++) {
            double reads = readsPerRequestAfterAWarmUp(TimeUnit.SECONDS.toNanos(1) / (rates[i] / 2), 2);
            assertThat(reads).as("%d a second", rates[i]).isBetween(0.6 / every[i], 1.6 / every[i]);
            assertThat(reads * rates[i]).as("readings a second at %d", rates[i])
                    .isBetween(0.6 * CpuSampling.READS_PER_SECOND, 1.6 * 2 * CpuSampling.READS_PER_SECOND);
        }
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
        int either = 0;
        int both = 0;
        for (int i = 0; i < 10_000; i++, now += 100_000) {
            boolean readA = a.weight(now) > 0;
            boolean readB = b.weight(now) > 0;
            either += readA || readB ? 1 : 0;
            both += readA && readB ? 1 : 0;
        }
        // 20 000 a second together: two independent 1-in-64 draws, ≈ 310 requests where either reads, ≈ 2.4 where both
        assertThat(either).isGreaterThan(200);
        assertThat(both).isLessThan(either / 10);
    }
}
