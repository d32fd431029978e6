package dev.chokepoint.agent.it;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A CPU-burning app started inside a cgroup limited to 0.25 core (case 8 of the design: a
 * 0.25 vCPU container): the agent reports the quota and the throttling the kernel applies.
 * Creates its own cgroup with a unique name and removes it afterwards; needs root.
 */
class CgroupCpuQuotaIT {

    private static final Path V1_CPU = Path.of("/sys/fs/cgroup/cpu");
    private static final Path V2_ROOT = Path.of("/sys/fs/cgroup");

    private Path cgroup;

    @Test
    void burningAppInAQuarterCoreCgroupShowsItsQuotaAndThrottling() throws IOException {
        cgroup = createQuarterCoreCgroup();
        String enterCgroup = "echo $$ > " + cgroup.resolve("cgroup.procs") + " && exec \"$@\"";

        try (ForkedApp app = ForkedApp.of(CpuBurnApp.class).launcher("sh", "-c", enterCgroup, "sh").start()) {
            app.awaitStdout("ready");

            // Throttling accrues per 100 ms period once the burners exhaust 25 ms of CPU; poll
            // rather than sleep because the forked JVM's start-up time varies on a shared host.
            await().atMost(ForkedApp.DEFAULT_WAIT).pollInterval(Duration.ofMillis(500))
                    .until(() -> app.scrape().value("chokepoint_cpu_throttled_seconds_total").orElse(0) > 0);
            Scrape scrape = app.scrape();

            assertThat(scrape.value("chokepoint_cpu_quota_cores").orElseThrow()).isCloseTo(0.25, within(1e-9));
            assertThat(scrape.value("chokepoint_cpu_throttled_periods_total").orElseThrow()).isPositive();
            assertThat(scrape.value("chokepoint_cpu_periods_total").orElseThrow())
                    .isGreaterThanOrEqualTo(scrape.value("chokepoint_cpu_throttled_periods_total").orElseThrow());
            assertThat(app.agentProblems()).as(app.describe()).isEmpty();
        }
    }

    @AfterEach
    void removeCgroup() {
        if (cgroup == null) {
            return;
        }
        // The killed JVM leaves the cgroup asynchronously; rmdir succeeds once it is empty.
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> {
            try {
                Files.deleteIfExists(cgroup);
                return true;
            } catch (IOException e) {
                return false;
            }
        });
    }

    private static Path createQuarterCoreCgroup() throws IOException {
        String name = "chokepoint-it-" + UUID.randomUUID().toString().substring(0, 8);
        if (Files.isWritable(V1_CPU.resolve("cgroup.procs"))) {
            Path dir = Files.createDirectory(V1_CPU.resolve(name));
            Files.writeString(dir.resolve("cpu.cfs_period_us"), "100000");
            Files.writeString(dir.resolve("cpu.cfs_quota_us"), "25000");
            return dir;
        }
        assumeTrue(Files.isWritable(V2_ROOT.resolve("cgroup.subtree_control")),
                "skipped: creating a CPU cgroup needs root and a writable /sys/fs/cgroup (v1 cpu controller or v2)");
        Files.writeString(V2_ROOT.resolve("cgroup.subtree_control"), "+cpu");
        Path dir = Files.createDirectory(V2_ROOT.resolve(name));
        Files.writeString(dir.resolve("cpu.max"), "25000 100000");
        return dir;
    }
}
