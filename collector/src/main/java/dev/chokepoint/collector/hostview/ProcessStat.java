package dev.chokepoint.collector.hostview;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * One process as {@code /proc/PID/stat} shows it: its parent, its command name, the CPU it used
 * itself ({@code utime + stime}) and the CPU of its children it has reaped ({@code cutime +
 * cstime}), in clock ticks. The sum of both over the live processes of a tree is the tree's CPU
 * since its root started: a child that exits moves its whole sum into its parent's reaped part.
 */
record ProcessStat(long pid, long parent, String command, long ownTicks, long reapedTicks) {

    /** USER_HZ: the kernel reports these times in ticks of 1/100 s on every Linux architecture. */
    static final double TICKS_PER_SECOND = 100;

    long totalTicks() {
        return ownTicks + reapedTicks;
    }

    /** Every process readable now; one that ends while it is read is left out. */
    static Map<Long, ProcessStat> readAll(Path proc) {
        Map<Long, ProcessStat> out = new HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(proc, p -> isPid(p.getFileName().toString()))) {
            for (Path dir : dirs) {
                ProcessStat stat = read(dir.resolve("stat"));
                if (stat != null) {
                    out.put(stat.pid(), stat);
                }
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    static ProcessStat read(Path statFile) {
        try {
            return parse(Files.readString(statFile));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The command name sits in parentheses and may hold spaces and parentheses: the fields follow the last ')'. */
    static ProcessStat parse(String stat) {
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        String[] f = stat.substring(close + 2).trim().split(" ");
        // f[0] is field 3 (state): the parent is field 4, utime..cstime are fields 14-17.
        return new ProcessStat(Long.parseLong(stat.substring(0, open).trim()), Long.parseLong(f[1]),
                stat.substring(open + 1, close), Long.parseLong(f[11]) + Long.parseLong(f[12]),
                Long.parseLong(f[13]) + Long.parseLong(f[14]));
    }

    private static boolean isPid(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
