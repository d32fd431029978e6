package dev.chokepoint.agent.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;

/**
 * {@code -prof dev.chokepoint.agent.bench.CpuTimeProfiler}: the benchmark JVM's CPU time per
 * operation ({@code cpu.time.norm}, ns/op). On a shared, loaded machine JMH's score is wall time
 * and grows with the neighbours' load; CPU time does not (much), so it is the number to compare
 * across runs. It covers the whole process: after warm-up that is the benchmark thread plus the
 * GC work its allocation causes.
 */
public final class CpuTimeProfiler implements InternalProfiler {

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private long startCpu;

    @Override
    public String getDescription() {
        return "process CPU time per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        startCpu = OS.getProcessCpuTime();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        long cpu = OS.getProcessCpuTime() - startCpu;
        long ops = result.getMetadata().getAllOps();
        if (ops <= 0 || cpu < 0) {
            return List.of();
        }
        return List.of(new ScalarResult("cpu.time.norm", (double) cpu / ops, "ns/op", AggregationPolicy.AVG));
    }
}
