package dev.chokepoint.agent.meterfeed;

import dev.chokepoint.agent.request.RequestTimes;
import io.micrometer.core.instrument.AbstractTimer;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.core.instrument.distribution.pause.NoPauseDetector;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import static org.assertj.core.api.Assertions.assertThat;

class MeterFeedTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final Timer timer = registry.timer("t");

    @AfterEach
    void stopFeed() throws InterruptedException {
        MeterFeed.stop();
    }

    @Test
    void recordsGoStraightToTheTimerWhileTheFeedDoesNotRun() {
        RequestTimes.current().record(timer, 5_000);
        assertThat(timer.count()).isEqualTo(1);
        assertThat(timer.totalTime(TimeUnit.NANOSECONDS)).isEqualTo(5_000);
    }

    @Test
    void aScrapeFedEveryRingSeesEveryRecordOfEveryThread() throws InterruptedException {
        MeterFeed.start(System.err);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 1; i <= 10_000; i++) {
                    RequestTimes.current().record(timer, i);
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        MeterFeed.feedAll();
        assertThat(timer.count()).isEqualTo(40_000);
        assertThat(timer.totalTime(TimeUnit.NANOSECONDS)).isEqualTo(4 * 10_000 * 10_001 / 2.0);
        assertThat(timer.max(TimeUnit.NANOSECONDS)).isEqualTo(10_000);
    }

    @Test
    void theFeedingThreadMovesRecordsWithoutAScrape() throws InterruptedException {
        MeterFeed.start(System.err);
        RequestTimes.current().record(timer, 7);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (timer.count() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(timer.count()).isEqualTo(1);
    }

    @Test
    void aSumAddedThroughARingReachesItsAdderWhenFedAndDirectlyWhileTheFeedDoesNotRun() {
        LongAdder sum = new LongAdder();
        TimerRing ring = new TimerRing(Thread.currentThread());
        MeterFeed.add(ring, sum, 5);
        assertThat(sum.sum()).isEqualTo(5);
        MeterFeed.start(System.err);
        MeterFeed.add(ring, sum, 7);
        MeterFeed.record(ring, timer, 11);
        ring.feed();
        assertThat(sum.sum()).isEqualTo(12);
        assertThat(timer.totalTime(TimeUnit.NANOSECONDS)).isEqualTo(11);
    }

    @Test
    void aRingThatIsFullLetsTheRecordGoDirectNothingIsLost() {
        TimerRing ring = new TimerRing(Thread.currentThread());
        for (int i = 0; i < TimerRing.CAPACITY; i++) {
            assertThat(ring.offer(timer, 1)).isTrue();
        }
        assertThat(ring.offer(timer, 1)).isFalse();
        assertThat(timer.count()).isZero();
        ring.feed();
        assertThat(timer.count()).isEqualTo(TimerRing.CAPACITY);
        assertThat(ring.offer(timer, 1)).isTrue();
        ring.feed();
        assertThat(timer.count()).isEqualTo(TimerRing.CAPACITY + 1);
    }

    @Test
    void aTimerThatRefusesARecordLosesThatOneAndNothingElse() {
        Timer refusing = new AbstractTimer(new Meter.Id("refusing", Tags.empty(), null, null, Meter.Type.TIMER), Clock.SYSTEM,
                DistributionStatisticConfig.NONE, new NoPauseDetector(), TimeUnit.SECONDS, false) {
            @Override
            protected void recordNonNegative(long amount, TimeUnit unit) {
                throw new IllegalStateException("refused");
            }

            @Override
            public long count() {
                return 0;
            }

            @Override
            public double totalTime(TimeUnit unit) {
                return 0;
            }

            @Override
            public double max(TimeUnit unit) {
                return 0;
            }
        };
        MeterFeed.start(System.err);
        RequestTimes.current().record(timer, 1);
        RequestTimes.current().record(refusing, 2);
        RequestTimes.current().record(timer, 3);
        MeterFeed.feedAll();
        MeterFeed.feedAll();
        assertThat(timer.count()).isEqualTo(2);
        assertThat(timer.totalTime(TimeUnit.NANOSECONDS)).isEqualTo(4);
    }

    @Test
    void anEndedThreadsRingIsFedOnceAndForgotten() throws InterruptedException {
        MeterFeed.start(System.err);
        int before = MeterFeed.rings();
        Thread thread = new Thread(() -> RequestTimes.current().record(timer, 3));
        thread.start();
        thread.join();
        MeterFeed.feedAll();
        assertThat(timer.count()).isEqualTo(1);
        assertThat(MeterFeed.rings()).isLessThanOrEqualTo(before);
    }

    @Test
    void aThreadThatRecordedBeforeTheFeedRanGetsItsRingOnceItRuns() throws InterruptedException {
        CountDownLatch recordedDirect = new CountDownLatch(1);
        CountDownLatch feedRuns = new CountDownLatch(1);
        CountDownLatch recordedThroughRing = new CountDownLatch(1);
        CountDownLatch end = new CountDownLatch(1);
        Thread thread = new Thread(() -> {
            try {
                RequestTimes.current().record(timer, 1);
                recordedDirect.countDown();
                feedRuns.await();
                RequestTimes.current().record(timer, 2);
                recordedThroughRing.countDown();
                end.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        thread.start();
        recordedDirect.await();
        assertThat(timer.count()).isEqualTo(1);
        int before = MeterFeed.rings();
        MeterFeed.start(System.err);
        feedRuns.countDown();
        recordedThroughRing.await();
        assertThat(MeterFeed.rings()).isEqualTo(before + 1);
        MeterFeed.feedAll();
        assertThat(timer.count()).isEqualTo(2);
        end.countDown();
        thread.join();
    }
}
