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
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class JvmThreadCpuMetricsTest {

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

    /** The test's clock: each reading below comes a full freshness window after the last. */
    private final AtomicLong now = new AtomicLong();

    private JvmThreadCpu cpu() {
        return new JvmThreadCpu(root, () -> now.addAndGet(JvmThreadCpu.FRESH_NANOS));
    }

    private FunctionCounter bind(JvmThreadCpu cpu) {
        return bind(cpu, "chokepoint.jit.cpu");
    }

    private static FunctionCounter bind(JvmThreadCpu cpu, String name) {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new JvmThreadCpuMetrics(cpu).bindTo(registry);
        return registry.get(name).functionCounter();
    }

    @Test
    void givenCompilerAndOtherThreads_thenOnlyTheCompilersCpuIsCountedInSeconds() throws IOException {
        thread("101", "C2 CompilerThre", 250, 50);
        thread("102", "C1 CompilerThre", 40, 10);
        thread("103", "http-nio-8080-exec-1", 9000, 100);
        thread("104", "weird) (name", 700, 0);

        assertThat(bind(cpu()).count()).isEqualTo(3.5);
    }

    @Test
    void givenG1Threads_thenItsConcurrentThreadsCountApartFromThePauseWorkersAndTheCompilers() throws IOException {
        thread("101", "C2 CompilerThre", 250, 50);
        thread("102", "G1 Conc#0", 300, 20);
        thread("103", "G1 Main Marker", 5, 5);
        thread("104", "G1 Refine#0", 60, 0);
        thread("105", "G1 Service", 10, 0);
        thread("106", "GC Thread#0", 900, 100);
        thread("107", "VM Thread", 40, 0);
        JvmThreadCpu cpu = cpu();

        assertThat(bind(cpu, "chokepoint.gc.concurrent.cpu").count()).isEqualTo(4.0);
        assertThat(bind(cpu, "chokepoint.jit.cpu").count()).isEqualTo(3.0);
    }

    @Test
    void givenAReusedIdOfAnotherKind_thenEachKindKeepsWhatItsThreadUsed() throws IOException {
        thread("101", "C2 CompilerThre", 100, 0);
        JvmThreadCpu cpu = cpu();
        FunctionCounter jit = bind(cpu, "chokepoint.jit.cpu");
        FunctionCounter gc = bind(cpu, "chokepoint.gc.concurrent.cpu");
        assertThat(jit.count()).isEqualTo(1.0);

        thread("101", "G1 Conc#1", 30, 0);

        assertThat(gc.count()).isEqualTo(0.3);
        assertThat(jit.count()).isEqualTo(1.0);
    }

    @Test
    void givenACompilerThreadThatEnds_thenWhatItUsedStaysAndNewOnesAdd() throws IOException {
        thread("101", "C2 CompilerThre", 100, 0);
        thread("102", "C2 CompilerThre", 50, 0);
        FunctionCounter counter = bind(cpu());
        assertThat(counter.count()).isEqualTo(1.5);

        thread("101", "C2 CompilerThre", 130, 10);
        ended("102");
        thread("105", "C2 CompilerThre", 20, 0);

        assertThat(counter.count()).isEqualTo(2.1);
    }

    @Test
    void givenAReusedThreadId_thenTheNewThreadIsNotCountedAsCompiling() throws IOException {
        thread("101", "C2 CompilerThre", 100, 0);
        FunctionCounter counter = bind(cpu());
        assertThat(counter.count()).isEqualTo(1.0);

        thread("101", "pool-1-thread-1", 5000, 0);

        assertThat(counter.count()).isEqualTo(1.0);
        thread("101", "pool-1-thread-1", 6000, 0);
        assertThat(counter.count()).isEqualTo(1.0);
    }

    @Test
    void givenAStatFileCutShort_thenItIsSkippedUntilItReadsWhole() throws IOException {
        thread("101", "C2 CompilerThre", 100, 0);
        FunctionCounter counter = bind(cpu());
        assertThat(counter.count()).isEqualTo(1.0);
        Files.writeString(root.resolve("proc/self/task/101/stat"), "101 (C2 CompilerThre) S 1 1");

        assertThat(counter.count()).isEqualTo(1.0);
        thread("101", "C2 CompilerThre", 120, 0);
        assertThat(counter.count()).isEqualTo(1.2);
    }

    @Test
    void givenOneScrape_thenBothKindsComeFromOneReading() throws IOException {
        thread("101", "C2 CompilerThre", 100, 0);
        thread("102", "G1 Conc#0", 50, 0);
        AtomicLong fixed = new AtomicLong();
        JvmThreadCpu cpu = new JvmThreadCpu(root, fixed::get);
        assertThat(cpu.seconds(JvmThreadCpu.Kind.COMPILER)).isEqualTo(1.0);

        thread("102", "G1 Conc#0", 80, 0);
        fixed.addAndGet(JvmThreadCpu.FRESH_NANOS - 1);
        assertThat(cpu.seconds(JvmThreadCpu.Kind.GC_CONCURRENT)).as("within the window: the same reading").isEqualTo(0.5);

        fixed.incrementAndGet();
        assertThat(cpu.seconds(JvmThreadCpu.Kind.GC_CONCURRENT)).as("a window later: read again").isEqualTo(0.8);
    }

    @Test
    void givenNoProc_thenNoMeter() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();

        new JvmThreadCpuMetrics(cpu()).bindTo(registry);

        assertThat(registry.find("chokepoint.jit.cpu").meter()).isNull();
        assertThat(registry.find("chokepoint.gc.concurrent.cpu").meter()).isNull();
    }

    @Test
    void onThisJvm_thenTheCompilersCpuGrowsWhileNewCodeCompiles() throws Exception {
        JvmThreadCpu cpu = new JvmThreadCpu(Path.of("/"));
        assumeTrue(cpu.readable(), "Linux /proc only");
        double before = bind(cpu).count();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (cpu.seconds(JvmThreadCpu.Kind.COMPILER) <= before && System.nanoTime() < deadline) {
            churn();
        }
        assertThat(cpu.seconds(JvmThreadCpu.Kind.COMPILER)).as("compiler threads' CPU").isGreaterThan(before);
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
