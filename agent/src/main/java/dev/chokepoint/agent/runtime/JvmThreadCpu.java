package dev.chokepoint.agent.runtime;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * CPU time the JVM's own background threads used since it started, by kind, from Linux's
 * per-thread {@code /proc/self/task/<tid>/stat}: the JIT compilers and G1's concurrent threads.
 * Both are hidden from {@code ThreadMXBean}. {@code CompilationMXBean}'s total compilation time is
 * the compilations' elapsed time: on a starved host or under a small CPU quota a compiler thread
 * waits for a core inside its timer, so that time overstates the CPU the compiling took from the
 * requests. G1's concurrent marking has no CPU meter at all, and it is the CPU a service spends at
 * moderate load and gives up when its cores are full (docs/measurements.md, "Not a cold JVM").
 *
 * <p>HotSpot starts and stops C2 and G1 worker threads with load ({@code UseDynamicNumberOfCompilerThreads},
 * {@code UseDynamicNumberOfGCThreads}), so the totals are kept here: each tracked thread's ticks
 * are added as they grow and a thread that ends keeps what it used. Read at most once per
 * {@link #FRESH_NANOS} (a scrape asks for both kinds within a millisecond: one reading serves both):
 * the task list, then the stat file of each tracked thread and of each thread not seen before (its
 * name is in the same file); threads of no kind are not read again. Memory stays bounded by the live
 * threads: the maps are trimmed to the task list at each call. A thread id the kernel hands to a new
 * thread while an old one's is still remembered is caught for tracked threads (the name is checked
 * at each read); the other way round (a tracked thread on a reused id of a thread that ended between
 * two scrapes) needs the kernel to wrap its id space within a second and is left out.
 *
 * <p>Paths are read below {@code fsRoot} ({@code /} in production) so tests can use fixture trees.
 */
public final class JvmThreadCpu {

    /** What a JVM thread does, by its name. */
    public enum Kind {
        /**
         * HotSpot's names, cut to the kernel's 15 characters: {@code C1 CompilerThre}, {@code C2 CompilerThre},
         * {@code JVMCI CompilerT}, {@code JVMCI-native Co}.
         */
        COMPILER,
        /**
         * G1's threads that run beside the application: {@code G1 Conc#N} and {@code G1 Main Marker} (marking),
         * {@code G1 Refine#N} (remembered-set refinement), {@code G1 Service}, {@code G1 Young RemSet} (JDK 17's
         * sampling). Not {@code GC Thread#N}: those work inside the pauses, which the requests' garbage causes
         * and which already count as their demand. Other collectors' concurrent threads are not named here:
         * ZGC and Shenandoah do all of their collecting concurrently, so it grows with the allocation rate.
         */
        GC_CONCURRENT;

        static Kind of(String name) {
            if (name.contains("CompilerT") || name.startsWith("JVMCI")) {
                return COMPILER;
            }
            return name.startsWith("G1 ") ? GC_CONCURRENT : null;
        }
    }

    /** A reading younger than this answers the next call: the kernel's ticks are 10 ms anyway. */
    static final long FRESH_NANOS = 100_000_000L;
    /** Stat files are one line, a few hundred bytes. */
    private static final int STAT_BYTES = 1024;
    private static final Kind[] KINDS = Kind.values();

    private final File tasks;
    private final byte[] buffer = new byte[STAT_BYTES];
    /** Tracked threads' kind and ticks at the last read, by thread id. */
    private final Map<String, Tracked> tracked = new HashMap<>();
    private final Set<String> others = new HashSet<>();
    private final long[] ticks = new long[KINDS.length];
    private final LongSupplier nanoTime;
    private long readAt;
    private boolean read;

    public JvmThreadCpu(Path fsRoot) {
        this(fsRoot, System::nanoTime);
    }

    JvmThreadCpu(Path fsRoot, LongSupplier nanoTime) {
        this.tasks = fsRoot.resolve("proc/self/task").toFile();
        this.nanoTime = nanoTime;
    }

    /** Whether the per-thread files exist (Linux with /proc mounted). */
    public boolean readable() {
        return tasks.isDirectory();
    }

    /** CPU seconds threads of this kind used (user + system), or NaN where the task list cannot be read. */
    public synchronized double seconds(Kind kind) {
        long now = nanoTime.getAsLong();
        if (!read || now - readAt >= FRESH_NANOS) {
            if (!refresh()) {
                return Double.NaN;
            }
            read = true;
            readAt = now;
        }
        return ticks[kind.ordinal()] / WithheldCpu.USER_HZ;
    }

    /** One reading of the task list and the threads' stat files; false if the list cannot be read. */
    private boolean refresh() {
        String[] ids = tasks.list();
        if (ids == null) {
            return false;
        }
        Set<String> live = new HashSet<>(ids.length * 2);
        for (String id : ids) {
            live.add(id);
            if (!others.contains(id)) {
                read(id);
            }
        }
        tracked.keySet().retainAll(live);
        others.retainAll(live);
        return true;
    }

    private void read(String id) {
        int n = KernelFile.readInto(tasks.getPath() + "/" + id + "/stat", buffer);
        String stat = n <= 0 ? null : new String(buffer, 0, n, StandardCharsets.ISO_8859_1);
        int close = stat == null ? -1 : stat.lastIndexOf(')');
        if (close < 0) {
            return; // ended between the list and the read, or unreadable: try again next time
        }
        Kind kind = Kind.of(stat.substring(stat.indexOf('(') + 1, close));
        if (kind == null) {
            tracked.remove(id);
            others.add(id);
            return;
        }
        long now = cpuTicks(stat.substring(close + 1));
        if (now < 0) {
            return;
        }
        Tracked before = tracked.put(id, new Tracked(kind, now));
        // a reused id of another kind: what the old thread used stays with its kind, the new one starts apart
        long from = before == null || before.kind() != kind ? 0 : before.ticks();
        ticks[kind.ordinal()] += Math.max(0, now - from);
    }

    private record Tracked(Kind kind, long ticks) {
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
