package dev.chokepoint.agent.runtime;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The cgroup CPU binder on fixture directory trees laid out as the kernel does: /proc/self/cgroup,
 * /proc/self/mountinfo and the controller's files, for v1, v2 and hybrid hosts.
 */
class CgroupCpuMetricsTest {

    private static final String V1_MOUNTS = String.join("\n",
            "30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755",
            "31 30 0:28 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct",
            "34 30 0:31 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory",
            "40 30 0:37 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw");

    @TempDir
    Path root;

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void v1QuotaSetOnAParentCgroupIsTheEffectiveOneAndItsThrottlingIsCounted() throws IOException {
        write("proc/self/cgroup", "5:memory:/kubepods/pod1/ctr\n4:cpu,cpuacct:/kubepods/pod1/ctr\n0::/\n");
        write("proc/self/mountinfo", V1_MOUNTS);
        Path cpu = root.resolve("sys/fs/cgroup/cpu,cpuacct");
        v1Quota(cpu, -1, 100000);
        v1Quota(cpu.resolve("kubepods"), -1, 100000);
        v1Quota(cpu.resolve("kubepods/pod1"), 50000, 100000);
        v1Quota(cpu.resolve("kubepods/pod1/ctr"), -1, 100000);
        write("sys/fs/cgroup/cpu,cpuacct/kubepods/pod1/cpu.stat",
                "nr_periods 1000\nnr_throttled 40\nthrottled_time 2500000000\n");
        write("sys/fs/cgroup/cpu,cpuacct/kubepods/pod1/ctr/cpu.stat", "nr_periods 7\nnr_throttled 0\nthrottled_time 0\n");

        CgroupCpu cgroup = bind();

        assertThat(cgroup.version()).isEqualTo(CgroupCpu.Version.V1);
        assertThat(cgroup.directory()).isEqualTo(cpu.resolve("kubepods/pod1/ctr"));
        assertThat(registry.get("chokepoint.cpu.quota.cores").gauge().value()).isEqualTo(0.5);
        assertThat(counter("chokepoint.cpu.throttled").count()).isCloseTo(2.5, within(1e-9));
        assertThat(counter("chokepoint.cpu.throttled").getId().getBaseUnit()).isEqualTo("seconds");
        assertThat(counter("chokepoint.cpu.throttled.periods").count()).isEqualTo(40);
        assertThat(counter("chokepoint.cpu.periods").count()).isEqualTo(1000);
    }

    @Test
    void v2QuotaAndThrottlingComeFromCpuMaxAndCpuStatInMicroseconds() throws IOException {
        write("proc/self/cgroup", "0::/system.slice/app.service\n");
        write("proc/self/mountinfo", "25 1 0:22 / /sys/fs/cgroup rw,nosuid,nodev - cgroup2 cgroup2 rw,nsdelegate\n");
        write("sys/fs/cgroup/system.slice/cpu.max", "max 100000\n");
        write("sys/fs/cgroup/system.slice/app.service/cpu.max", "25000 100000\n");
        write("sys/fs/cgroup/system.slice/app.service/cpu.stat",
                "usage_usec 9000000\nuser_usec 8000000\nsystem_usec 1000000\nnr_periods 300\nnr_throttled 120\n"
                        + "throttled_usec 1500000\n");

        CgroupCpu cgroup = bind();

        assertThat(cgroup.version()).isEqualTo(CgroupCpu.Version.V2);
        assertThat(registry.get("chokepoint.cpu.quota.cores").gauge().value()).isEqualTo(0.25);
        assertThat(counter("chokepoint.cpu.throttled").count()).isCloseTo(1.5, within(1e-9));
        assertThat(counter("chokepoint.cpu.throttled.periods").count()).isEqualTo(120);
        assertThat(counter("chokepoint.cpu.periods").count()).isEqualTo(300);
    }

    @Test
    void unlimitedCgroupHasNoQuotaGaugeButStillCountsPeriods() throws IOException {
        write("proc/self/cgroup", "0::/user.slice\n");
        write("proc/self/mountinfo", "25 1 0:22 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
        write("sys/fs/cgroup/user.slice/cpu.max", "max 100000\n");
        write("sys/fs/cgroup/user.slice/cpu.stat", "usage_usec 5\nnr_periods 0\nnr_throttled 0\nthrottled_usec 0\n");

        bind();

        assertThat(registry.find("chokepoint.cpu.quota.cores").gauge()).isNull();
        assertThat(counter("chokepoint.cpu.throttled").count()).isZero();
    }

    @Test
    void hybridHostUsesTheV1CpuControllerNotTheEmptyUnifiedHierarchy() throws IOException {
        write("proc/self/cgroup", "4:cpu,cpuacct:/batch\n0::/\n");
        write("proc/self/mountinfo", V1_MOUNTS);
        v1Quota(root.resolve("sys/fs/cgroup/cpu,cpuacct/batch"), 150000, 100000);

        CgroupCpu cgroup = bind();

        assertThat(cgroup.version()).isEqualTo(CgroupCpu.Version.V1);
        assertThat(cgroup.quotaCores()).hasValue(1.5);
    }

    @Test
    void containerWithItsOwnCgroupNamespaceSeesItsCgroupAtTheMountPoint() throws IOException {
        write("proc/self/cgroup", "0::/\n");
        write("proc/self/mountinfo", "600 590 0:30 / /sys/fs/cgroup ro,nosuid - cgroup2 cgroup2 rw\n");
        write("sys/fs/cgroup/cpu.max", "200000 100000\n");

        assertThat(bind().quotaCores()).hasValue(2.0);
    }

    @Test
    void containerWithoutCgroupNamespaceStripsTheMountRootFromItsPath() throws IOException {
        write("proc/self/cgroup", "3:cpu:/docker/abc123\n");
        write("proc/self/mountinfo",
                "700 690 0:40 /docker/abc123 /sys/fs/cgroup/cpu ro,nosuid - cgroup cgroup rw,cpu\n");
        v1Quota(root.resolve("sys/fs/cgroup/cpu"), 50000, 50000);

        assertThat(bind().quotaCores()).hasValue(1.0);
    }

    @Test
    void mountPointsWithEscapedSpacesAreFound() throws IOException {
        write("proc/self/cgroup", "0::/a\n");
        write("proc/self/mountinfo", "25 1 0:22 / /sys/fs/cgroup\\040x rw - cgroup2 cgroup2 rw\n");
        write("sys/fs/cgroup x/a/cpu.max", "50000 100000\n");

        assertThat(bind().quotaCores()).hasValue(0.5);
    }

    @Test
    void noCgroupInformationMeansNoCgroupMeters() {
        assertThat(new CgroupLocator(root).locate()).isEmpty();
    }

    @Test
    void aCgroupThatVanishesReadsAsZeroNotAsAnError() throws IOException {
        write("proc/self/cgroup", "0::/gone\n");
        write("proc/self/mountinfo", "25 1 0:22 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
        write("sys/fs/cgroup/gone/cpu.max", "50000 100000\n");
        write("sys/fs/cgroup/gone/cpu.stat", "nr_periods 3\n");
        bind();

        Files.delete(root.resolve("sys/fs/cgroup/gone/cpu.stat"));

        assertThat(counter("chokepoint.cpu.periods").count()).isZero();
    }

    private CgroupCpu bind() {
        CgroupCpu cgroup = new CgroupLocator(root).locate().orElseThrow();
        new CgroupCpuMetrics(cgroup).bindTo(registry);
        return cgroup;
    }

    private FunctionCounter counter(String name) {
        return registry.get(name).functionCounter();
    }

    private void v1Quota(Path dir, long quota, long period) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("cpu.cfs_quota_us"), quota + "\n");
        Files.writeString(dir.resolve("cpu.cfs_period_us"), period + "\n");
    }

    private void write(String relative, String content) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
