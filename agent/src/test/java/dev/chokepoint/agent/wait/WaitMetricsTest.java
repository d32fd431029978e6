package dev.chokepoint.agent.wait;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class WaitMetricsTest {

    @Test
    void givenWaits_thenTimersCarryTheirTagsAndTimes() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        WaitMetrics metrics = new WaitMetrics(10);
        metrics.bindTo(registry);

        metrics.monitor("com.example.Ledger", "com.example.Ledger.append", "com.example.Ledger.append", 5_000_000);
        metrics.monitor("com.example.Ledger", "com.example.Ledger.append", "com.example.Ledger.append", 7_000_000);
        metrics.park("java.util.concurrent.locks.ReentrantLock", "org.apache.commons.pool2.impl.GenericObjectPool.borrowObject",
                "com.example.Account.debit", 3_000_000);
        metrics.socket("127.0.0.1:6379", "read", 1_000_000);
        metrics.file("write", 2_000_000);

        assertThat(registry.get("chokepoint.wait.monitor").tags("lock", "com.example.Ledger", "site", "com.example.Ledger.append")
                .timer().totalTime(TimeUnit.MILLISECONDS)).isEqualTo(12.0);
        assertThat(registry.get("chokepoint.wait.park").tags("blocker", "java.util.concurrent.locks.ReentrantLock",
                        "frame", "org.apache.commons.pool2.impl.GenericObjectPool.borrowObject", "site", "com.example.Account.debit")
                .timer().count()).isEqualTo(1);
        assertThat(registry.get("chokepoint.wait.socket").tags("peer", "127.0.0.1:6379", "op", "read").timer().count())
                .isEqualTo(1);
        assertThat(registry.get("chokepoint.wait.file").tags("op", "write").timer().count()).isEqualTo(1);
    }

    @Test
    void givenTenThousandDistinctSitesAndPeers_thenSeriesStayBoundedAndTheRestIsOther() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        WaitMetrics metrics = new WaitMetrics(5);
        metrics.bindTo(registry);

        for (int i = 0; i < 10_000; i++) {
            metrics.monitor("com.example.Lock" + i, "com.example.Site" + i + ".run", "com.example.Site" + i + ".run", 1_000);
            metrics.socket("10.0.0." + (i % 250) + ":" + (1000 + i), "read", 1_000);
        }

        // monitor: 5 admitted (lock, frame, site) triples + (other, other, other); socket: 5 peers + other.
        assertThat(registry.find("chokepoint.wait.monitor").timers()).hasSize(6);
        assertThat(registry.find("chokepoint.wait.socket").timers()).hasSize(6);
        assertThat(registry.get("chokepoint.wait.monitor").tags("lock", "other", "frame", "other", "site", "other").timer().count())
                .isEqualTo(10_000 - 5);
    }

    @Test
    void givenEveryCombinationOfFewValues_thenSeriesStopAtTheirCapAndTheRestIsOtherInEveryTag() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        WaitMetrics metrics = new WaitMetrics(5);
        metrics.bindTo(registry);

        for (int blocker = 0; blocker < 5; blocker++) {
            for (int frame = 0; frame < 5; frame++) {
                for (int site = 0; site < 5; site++) {
                    metrics.park("B" + blocker, "F" + frame, "S" + site, 1_000);
                }
            }
        }

        // 125 combinations of admitted values, at most 8 × 5 series kept, the rest in one "other" series.
        assertThat(registry.find("chokepoint.wait.park").timers()).hasSize(WaitMetrics.MAX_SERIES_PER_VALUE * 5 + 1);
        assertThat(registry.get("chokepoint.wait.park").tags("blocker", "other", "frame", "other", "site", "other")
                .timer().count()).isEqualTo(125 - WaitMetrics.MAX_SERIES_PER_VALUE * 5);
    }

    @Test
    void givenSampledWaits_thenASecondsCounterPerPlaceBesideThePinnedTimer() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        WaitMetrics metrics = new WaitMetrics(10);
        metrics.bindTo(registry);

        metrics.sampled("java.util.concurrent.Semaphore", "com.example.Bulkhead.call", "com.example.Bulkhead.call", 20_000_000);
        metrics.sampled("java.util.concurrent.Semaphore", "com.example.Bulkhead.call", "com.example.Bulkhead.call", 30_000_000);
        metrics.pinned("com.example.Native.call", "com.example.Native.call", 4_000_000);

        assertThat(registry.get("chokepoint.wait.sampled").tags("blocker", "java.util.concurrent.Semaphore",
                "frame", "com.example.Bulkhead.call", "site", "com.example.Bulkhead.call").counter().count())
                .isCloseTo(0.050, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(registry.get("chokepoint.wait.sampled").counter().getId().getBaseUnit()).isEqualTo("seconds");
        assertThat(registry.get("chokepoint.wait.pinned").tags("frame", "com.example.Native.call", "site", "com.example.Native.call")
                .timer().totalTime(TimeUnit.MILLISECONDS)).isEqualTo(4.0);
    }

    @Test
    void givenSampledWaitsBesideTimedOnes_thenAllShareOneSeriesCap() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        WaitMetrics metrics = new WaitMetrics(5);
        metrics.bindTo(registry);

        for (int frame = 0; frame < 5; frame++) {
            for (int site = 0; site < 5; site++) {
                metrics.park("B", "F" + frame, "S" + site, 1_000);
                metrics.sampled("B", "F" + frame, "S" + site, 1_000_000);
            }
        }

        assertThat(metrics.seriesCount()).isEqualTo(WaitMetrics.MAX_SERIES_PER_VALUE * 5 + 2);
        assertThat(registry.get("chokepoint.wait.sampled").tags("blocker", "other", "frame", "other", "site", "other")
                .counter().count()).isPositive();
    }
}
