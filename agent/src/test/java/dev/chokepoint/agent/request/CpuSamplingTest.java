package dev.chokepoint.agent.request;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class CpuSamplingTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void aThreadServingFewerThanBusyRequestsAWindowReadsEveryRequest() {
        CpuSampling sampling = new CpuSampling(0, 42);
        long spacing = CpuSampling.WINDOW_MILLIS * MS / (CpuSampling.BUSY - 1) + 1; // at most 15 a window
        for (int i = 0; i < 10_000; i++) {
            assertThat(sampling.weight(i * spacing)).as("request %d", i).isEqualTo(1);
        }
    }

    @Test
    void aBusyThreadReadsOneRequestInEveryAndWeighsItSoTheCountStaysUnbiased() {
        CpuSampling sampling = new CpuSampling(0, 7);
        long now = 0;
        for (int i = 0; i < 2 * CpuSampling.BUSY; i++, now += MS) { // first window: every request, weight 1
            assertThat(sampling.weight(now)).isEqualTo(1);
        }
        now = CpuSampling.WINDOW_MILLIS * MS;
        int requests = 400_000;
        long weights = 0;
        int read = 0;
        for (int i = 0; i < requests; i++, now += 20_000) { // 20 µs apart: 5 000 a window
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
    void anIdleGapEndsSampling() {
        CpuSampling sampling = new CpuSampling(0, 3);
        long now = 0;
        for (int i = 0; i < 1_000; i++, now += 100_000) { // 10 ms of back-to-back requests, then the next window
            sampling.weight(now);
        }
        now += 2 * CpuSampling.WINDOW_MILLIS * MS; // idle: the window that ended is not the one just before
        for (int i = 0; i < CpuSampling.BUSY; i++, now += MS) {
            assertThat(sampling.weight(now)).isEqualTo(1);
        }
    }

    @Test
    void threadsSeededApartDrawApart() {
        CpuSampling a = new CpuSampling(0, 1);
        CpuSampling b = new CpuSampling(0, 2);
        long now = 0;
        for (int i = 0; i < 100; i++, now += 100_000) {
            a.weight(now);
            b.weight(now);
        }
        now = CpuSampling.WINDOW_MILLIS * MS;
        int same = 0;
        for (int i = 0; i < 1_000; i++, now += 100_000) {
            same += a.weight(now) == b.weight(now) ? 1 : 0;
        }
        assertThat(same).isLessThan(950); // two independent 1-in-8 draws agree ≈ 78 % of the time
    }
}
