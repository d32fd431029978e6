package dev.chokepoint.agent.runtime;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class WithheldCpuMetricsTest {

    @TempDir
    Path root;

    private void write(String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    @Test
    void givenStealRunQueueAndCgroupPressure_thenMetersReadThemInSeconds() throws IOException {
        write("proc/stat", "cpu  122785 1610 36184 974273 913 0 1781 2500 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nprocs_running 3\n");
        write("proc/loadavg", "11.09 6.87 3.98 16/355 26593\n");
        write("proc/pressure/cpu", "some avg10=1.00 avg60=1.00 avg300=1.00 total=9000000\n");
        write("sys/fs/cgroup/app/cpu.pressure",
                "some avg10=96.09 avg60=85.14 avg300=65.28 total=577232423\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=1500000\n");
        SimpleMeterRegistry registry = new SimpleMeterRegistry();

        new WithheldCpuMetrics(new WithheldCpu(root, Optional.of(root.resolve("sys/fs/cgroup/app")))).bindTo(registry);

        assertThat(registry.get("chokepoint.cpu.steal").functionCounter().count()).isEqualTo(25.0);
        assertThat(registry.get("chokepoint.cpu.runnable").gauge().value()).isEqualTo(16.0);
        assertThat(registry.get("chokepoint.cpu.pressure.some").tag("scope", "cgroup").functionCounter().count())
                .isEqualTo(577.232423);
        assertThat(registry.get("chokepoint.cpu.pressure.full").tag("scope", "cgroup").functionCounter().count())
                .isEqualTo(1.5);
    }

    @Test
    void givenOnlyTheHostsPressure_thenItIsReadAsHostScope() throws IOException {
        write("proc/pressure/cpu", "some avg10=1.00 avg60=1.00 avg300=1.00 total=9000000\n");
        SimpleMeterRegistry registry = new SimpleMeterRegistry();

        new WithheldCpuMetrics(new WithheldCpu(root, Optional.of(root.resolve("sys/fs/cgroup/none")))).bindTo(registry);

        assertThat(registry.get("chokepoint.cpu.pressure.some").tag("scope", "host").functionCounter().count()).isEqualTo(9.0);
    }

    @Test
    void givenNoProcFiles_thenNoPressureMetersAndTheOthersReadNaN() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();

        new WithheldCpuMetrics(new WithheldCpu(root, Optional.empty())).bindTo(registry);

        assertThat(registry.find("chokepoint.cpu.pressure.some").meter()).isNull();
        assertThat(registry.get("chokepoint.cpu.runnable").gauge().value()).isNaN();
        assertThat(registry.get("chokepoint.cpu.steal").functionCounter().count()).isNaN();
    }
}
