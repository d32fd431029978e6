package dev.chokepoint.collector.hostview;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The host's busy CPU since boot, from {@code /proc/stat}'s first line: every state but idle and I/O wait. */
final class HostCpu {

    private HostCpu() {
    }

    /** Seconds of CPU the host spent busy, all cores together; NaN where /proc/stat cannot be read. */
    static double busySeconds(Path proc) {
        try (var lines = Files.lines(proc.resolve("stat"))) {
            String cpu = lines.findFirst().orElse("");
            String[] f = cpu.trim().split("\\s+");
            // cpu user nice system idle iowait irq softirq steal (guest time is inside user).
            long busy = 0;
            for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
                busy += Long.parseLong(f[i]);
            }
            return busy / ProcessStat.TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
