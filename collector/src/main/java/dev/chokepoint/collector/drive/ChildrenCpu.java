package dev.chokepoint.collector.drive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time used by this JVM's finished children (the hey processes), from {@code /proc/self/stat}
 * (cutime + cstime: counted when a child is reaped, which {@code Process.waitFor} has done). Read
 * after a step's processes ended and before the next step's end, the difference is that step's
 * engine CPU. NaN where /proc is not there (not Linux).
 */
final class ChildrenCpu {

    /** USER_HZ: the kernel reports these times in ticks of 1/100 s on every Linux architecture we run on. */
    private static final double TICKS_PER_SECOND = 100;
    private static final Path STAT = Path.of("/proc/self/stat");

    private ChildrenCpu() {
    }

    static double seconds() {
        try {
            String stat = Files.readString(STAT);
            // Fields after the command name, which is in parentheses and may hold spaces.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // f[0] is field 3 (state); cutime and cstime are fields 16 and 17.
            return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
