package dev.chokepoint.agent.runtime;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Comparator;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class CompilerCpuMetricsTest {

    @TempDir
    Path root;

    /** A /proc/self/task/ID/stat line: utime and stime are the 14th and 15th fields. */
    private void thread(String id, String name, long utime, long stime) throws IOException {
        Path stat = root.resolve("proc/self/task/" + id + "/stat");
        Files.createDirectories(stat.getParent());
        Files.writeString(stat, id + " (" + name + ") S 1 1 1 0 -1 1077936192 4 0 0 0 " + utime + " " + stime
                + " 0 0 20 0 25 0 178 3838828544 9340 18446744073709551615 1 1 0 0 0 0 4 2 6 0 0 0 17 1 0 0 0 0 0\n");
    }

    private void ended(String id) throws IOException {
        try (Stream<Path> files = Files.walk(root.resolve("proc/self/task/" + id))) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private FunctionCounter bind(CompilerCpu cpu) {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new CompilerCpuMetrics(cpu).bindTo(registry);
        return registry.get("chokepoint.jit.cpu").functionCounter();
    }

    @Test
    void givenCompilerAndOtherThreads_thenOnlyTheCompilersCpuIsCountedInSeconds() throws IOException {
        thread("101", "C2 CompilerThre", 250, 50);
        thread("102", "C1 CompilerThre", 40, 10);
        thread("103", "http-nio-8080-exec-1", 9000, 100);
        thread("104", "weird) (name", 700, 0);

        assertThat(bind(new CompilerCpu(root)).count()).isEqualTo(3.5);
    }

    @Test
    void givenACompilerThreadThatEnds_thenWhatItUsedStaysAndNewOnesAdd() throws IOException {
        thread("101", "C2 CompilerThre", 100, 0);
        thread("102", "C2 CompilerThre", 50, 0);
        FunctionCounter counter = bind(new CompilerCpu(root));
        assertThat(counter.count()).isEqualTo(1.5);

        thread("101", "C2 CompilerThre", 130, 10);
        ended("102");
        thread("105", "C2 CompilerThre", 20, 0);

        assertThat(counter.count()).isEqualTo(2.1);
    }

    @Test
    void givenAReusedThreadId_thenTheNewThreadIsNotCountedAsCompiling() throws IOException {
        thread("101", "C2 CompilerThre", 100, 0);
        FunctionCounter counter = bind(new CompilerCpu(root));
        assertThat(counter.count()).isEqualTo(1.0);

        thread("101", "pool-1-thread-1", 5000, 0);

        assertThat(counter.count()).isEqualTo(1.0);
        thread("101", "pool-1-thread-1", 6000, 0);
        assertThat(counter.count()).isEqualTo(1.0);
    }

    @Test
    void givenAStatFileCutShort_thenItIsSkippedUntilItReadsWhole() throws IOException {
        thread("101", "C2 CompilerThre", 100, 0);
        FunctionCounter counter = bind(new CompilerCpu(root));
        assertThat(counter.count()).isEqualTo(1.0);
        Files.writeString(root.resolve("proc/self/task/101/stat"), "101 (C2 CompilerThre) S 1 1");

        assertThat(counter.count()).isEqualTo(1.0);
        thread("101", "C2 CompilerThre", 120, 0);
        assertThat(counter.count()).isEqualTo(1.2);
    }

    @Test
    void givenNoProc_thenNoMeter() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();

        new CompilerCpuMetrics(new CompilerCpu(root)).bindTo(registry);

        assertThat(registry.find("chokepoint.jit.cpu").meter()).isNull();
    }

    @Test
    void onThisJvm_thenTheCompilersCpuGrowsWhileNewCodeCompiles() throws Exception {
        CompilerCpu cpu = new CompilerCpu(Path.of("/"));
        assumeTrue(cpu.readable(), "Linux /proc only");
        double before = bind(cpu).count();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (cpu.seconds() <= before && System.nanoTime() < deadline) {
            churn();
        }
        assertThat(cpu.seconds()).as("compiler threads' CPU").isGreaterThan(before);
    }

    /** Work hot enough for the JIT, different enough from the test runner's own. */
    private static void churn() throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        byte[] data = new byte[4096];
        for (int i = 0; i < 2_000; i++) {
            data[i % data.length] ^= sha.digest(data)[0];
        }
    }
}
