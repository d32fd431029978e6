package dev.chokepoint.agent.runtime;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The CPU controller of the cgroup this JVM runs in: its quota in cores and its throttling
 * counters, read from the cgroup files on every call (they are tiny, and a scrape is rare;
 * {@link KernelFile}).
 *
 * <p>The effective quota is the smallest one on the path from the process's cgroup up to the
 * mount point (a container's limit is often set on a parent, e.g. a Kubernetes pod), and the
 * throttling counters come from the cgroup that sets it, where the throttling happens.
 */
public final class CgroupCpu {

    /** Which cgroup file layout the controller uses. */
    public enum Version {
        /** {@code cpu.cfs_quota_us}, {@code cpu.cfs_period_us}, {@code cpu.stat} with {@code throttled_time} (ns). */
        V1,
        /** {@code cpu.max}, {@code cpu.stat} with {@code throttled_usec}. */
        V2
    }

    private final Version version;
    private final List<Path> ownToRoot;
    private final KernelFile files = new KernelFile();

    /**
     * @param ownToRoot the process's cgroup directory first, then each parent up to the mount point
     */
    CgroupCpu(Version version, List<Path> ownToRoot) {
        this.version = version;
        this.ownToRoot = List.copyOf(ownToRoot);
    }

    public Version version() {
        return version;
    }

    public Path directory() {
        return ownToRoot.get(0);
    }

    /** Cores the cgroup may use per period, or empty when no cgroup on the path has a quota. */
    public OptionalDouble quotaCores() {
        double smallest = Double.POSITIVE_INFINITY;
        for (Path dir : ownToRoot) {
            smallest = Math.min(smallest, quotaOf(dir));
        }
        return smallest == Double.POSITIVE_INFINITY ? OptionalDouble.empty() : OptionalDouble.of(smallest);
    }

    /** Total time the cgroup's tasks were throttled, in seconds. */
    public double throttledSeconds() {
        Map<String, Long> stat = stat();
        return version == Version.V1
                ? stat.getOrDefault("throttled_time", 0L) / 1e9
                : stat.getOrDefault("throttled_usec", 0L) / 1e6;
    }

    /** Enforcement periods in which the cgroup was throttled. */
    public double throttledPeriods() {
        return stat().getOrDefault("nr_throttled", 0L);
    }

    /** Enforcement periods that elapsed while the cgroup had runnable tasks. */
    public double periods() {
        return stat().getOrDefault("nr_periods", 0L);
    }

    private Map<String, Long> stat() {
        return readStat(limitingDirectory().resolve("cpu.stat"));
    }

    /** The cgroup whose quota is the effective one; the own cgroup when none has a quota. */
    private Path limitingDirectory() {
        Path limiting = directory();
        double smallest = Double.POSITIVE_INFINITY;
        for (Path dir : ownToRoot) {
            double quota = quotaOf(dir);
            if (quota < smallest) {
                smallest = quota;
                limiting = dir;
            }
        }
        return limiting;
    }

    /** This directory's own quota in cores; infinity when it sets none or cannot be read. */
    private double quotaOf(Path dir) {
        if (version == Version.V1) {
            long quota = readLong(dir.resolve("cpu.cfs_quota_us"));
            long period = readLong(dir.resolve("cpu.cfs_period_us"));
            return quota > 0 && period > 0 ? (double) quota / period : Double.POSITIVE_INFINITY;
        }
        String[] max = readFirstLine(dir.resolve("cpu.max")).trim().split("\\s+");
        if (max.length != 2 || max[0].equals("max")) {
            return Double.POSITIVE_INFINITY;
        }
        try {
            long quota = Long.parseLong(max[0]);
            long period = Long.parseLong(max[1]);
            return quota > 0 && period > 0 ? (double) quota / period : Double.POSITIVE_INFINITY;
        } catch (NumberFormatException e) {
            return Double.POSITIVE_INFINITY;
        }
    }

    private long readLong(Path file) {
        try {
            return Long.parseLong(readFirstLine(file).trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private String readFirstLine(Path file) {
        String text = files.read(file.toString());
        if (text == null) {
            return "";
        }
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }

    private Map<String, Long> readStat(Path file) {
        Map<String, Long> stat = new HashMap<>();
        String text = files.read(file.toString());
        if (text == null) {
            return stat;
        }
        try {
            for (String line : text.split("\n")) {
                String[] keyValue = line.trim().split("\\s+");
                if (keyValue.length == 2) {
                    stat.put(keyValue[0], Long.parseLong(keyValue[1]));
                }
            }
        } catch (NumberFormatException e) {
            // A cgroup that vanished or a format we do not know reads as zero, never as an error
            // in the scrape.
        }
        return stat;
    }
}
