package dev.chokepoint.agent.bench;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The parts a request's cost is made of, priced one by one on this machine: the clocks the
 * request probe reads and one record into each kind of timer it feeds. Their sum should explain
 * {@link RequestBench}; the thread CPU clock in particular is a system call whose price depends
 * on the kernel and the virtualization (vDSO does not serve per-thread clocks).
 *
 * <p>The timers are shared by the benchmark's threads, as a service's request threads share them:
 * with {@code -t 2} both cores write the same counters, and a record pays for moving their cache
 * lines (2026-12-05: 45 ns a plain record and 390 ns one with the 13 SLO buckets at two threads,
 * against 47 and 93 at one).
 *
 * <p>{@code clock}: the registry's wall clock, which every record reads to see whether the
 * timer's decaying maximum (and histogram) must rotate: {@code system} reads the system clock (a
 * vDSO call), {@code endpoint} the agent's {@code EndpointClock}, ticked by the metrics
 * endpoint's thread.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ClockBench {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** The two timers, shared by the benchmark's threads, in a registry with the given wall clock. */
    @State(Scope.Benchmark)
    public static class Timers {

        @Param({"system", "endpoint"})
        public String clock;

        private Timer plain;
        private Timer withBuckets;

        @Setup
        public void register() {
            MeterRegistry registry = switch (clock) {
                case "system" -> new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
                case "endpoint" -> new BenchProbeContext().registry();
                default -> throw new IllegalArgumentException("clock must be system or endpoint, got " + clock);
            };
            plain = Timer.builder("plain").register(registry);
            withBuckets = Timer.builder("buckets")
                    .serviceLevelObjectives(Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25),
                            Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(300),
                            Duration.ofMillis(500), Duration.ofMillis(750), Duration.ofSeconds(1),
                            Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10))
                    .register(registry);
        }
    }

    @Benchmark
    public long nanoTime() {
        return System.nanoTime();
    }

    @Benchmark
    public long threadCpuTime() {
        return THREADS.getCurrentThreadCpuTime();
    }

    @Benchmark
    public long timerRecord(Timers timers) {
        timers.plain.record(12_345, TimeUnit.NANOSECONDS);
        return 0;
    }

    @Benchmark
    public long timerWithBucketsRecord(Timers timers) {
        timers.withBuckets.record(12_345, TimeUnit.NANOSECONDS);
        return 0;
    }
}
