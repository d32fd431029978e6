package dev.chokepoint.agent.runtime;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * CPU time the JIT compiler threads used since the JVM started, from Linux's per-thread
 * {@code /proc/self/task/<tid>/stat}. The compiler threads are hidden from {@code ThreadMXBean},
 * and {@code CompilationMXBean}'s total compilation time is the compilations' elapsed time: on a
 * starved host or under a small CPU quota a compiler thread waits for a core inside its timer, so
 * that time overstates the CPU the compiling took from the requests.
 *
 * <p>HotSpot starts and stops C2 threads with load ({@code UseDynamicNumberOfCompilerThreads}), so
 * the total is kept here: each compiler thread's ticks are added as they grow and a thread that
 * ends keeps what it used. Read on every call (a scrape): the task list, then the stat file of each
 * compiler thread and of each thread not seen before (its name is in the same file); threads known
 * not to compile are not read again. Memory stays bounded by the live threads: the sets are
 * trimmed to the task list at each call. A thread id the kernel hands to a new thread while an old
 * one's is still remembered is caught for compiler threads (the name is checked at each read); the
 * other way round (a new compiler thread on a reused id of a thread that ended between two scrapes)
 * needs the kernel to wrap its id space within a second and is left out.
 *
 * <p>Paths are read below {@code fsRoot} ({@code /} in production) so tests can use fixture trees.
 */
public final class CompilerCpu {

    /** Stat files are one line, a few hundred bytes. */
    private static final int STAT_BYTES = 1024;

    private final File tasks;
    private final byte[] buffer = new byte[STAT_BYTES];
    /** Compiler threads' ticks at the last read, by thread id. */
    private final Map<String, Long> compilers = new HashMap<>();
    private final Set<String> others = new HashSet<>();
    private long ticks;

    public CompilerCpu(Path fsRoot) {
        this.tasks = fsRoot.resolve("proc/self/task").toFile();
    }

    /** Whether the per-thread files exist (Linux with /proc mounted). */
    public boolean readable() {
        return tasks.isDirectory();
    }

    /** CPU seconds the compiler threads used (user + system), or NaN where the task list cannot be read. */
    public synchronized double seconds() {
        String[] ids = tasks.list();
        if (ids == null) {
            return Double.NaN;
        }
        Set<String> live = new HashSet<>(ids.length * 2);
        for (String id : ids) {
            live.add(id);
            if (!others.contains(id)) {
                read(id);
            }
        }
        compilers.keySet().retainAll(live);
        others.retainAll(live);
        return ticks / WithheldCpu.USER_HZ;
    }

    private void read(String id) {
        int n = KernelFile.readInto(tasks.getPath() + "/" + id + "/stat", buffer);
        String stat = n <= 0 ? null : new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
        int close = stat == null ? -1 : stat.lastIndexOf(')');
        if (close < 0) {
            return; // ended between the list and the read, or unreadable: try again next time
        }
        if (!compiles(stat.substring(stat.indexOf('(') + 1, close))) {
            compilers.remove(id);
            others.add(id);
            return;
        }
        long now = cpuTicks(stat.substring(close + 1));
        if (now < 0) {
            return;
        }
        Long before = compilers.put(id, now);
        ticks += Math.max(0, now - (before == null ? 0 : before));
    }

    /**
     * HotSpot's names, cut to the kernel's 15 characters: {@code C1 CompilerThre}, {@code C2 CompilerThre},
     * {@code JVMCI CompilerT}, {@code JVMCI-native Co}.
     */
    static boolean compiles(String name) {
        return name.contains("CompilerT") || name.startsWith("JVMCI");
    }

    /** utime + stime: the 14th and 15th fields, the 12th and 13th after the name's closing parenthesis; -1 if absent. */
    private static long cpuTicks(String afterName) {
        String[] fields = afterName.trim().split(" ");
        if (fields.length < 13) {
            return -1;
        }
        try {
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
