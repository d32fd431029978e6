package dev.chokepoint.agent.runtime;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * CPU the machine withheld from the process, read from Linux's files on every call (a scrape is
 * rare and the files are tiny; {@link KernelFile}): host <b>steal</b> time ({@code /proc/stat}: time the hypervisor
 * ran another guest while this one had work), the host's <b>runnable</b> threads
 * ({@code /proc/loadavg}: running or waiting for a core, now), and <b>CPU pressure</b> (PSI,
 * {@code cpu.pressure} of the process's cgroup v2, else the host's {@code /proc/pressure/cpu}:
 * total time some / all runnable tasks waited for a core).
 *
 * <p>All paths are read below {@code fsRoot} ({@code /} in production) so tests can use fixture
 * trees. Unreadable files read as NaN, never as an error in the scrape.
 */
public final class WithheldCpu {

    /**
     * {@code USER_HZ}, the unit of {@code /proc/stat}: 100 on every Linux architecture the JDK runs
     * on (the kernel's ABI fixes it, whatever CONFIG_HZ is), and Java cannot ask sysconf.
     */
    static final double USER_HZ = 100.0;

    private final Path fsRoot;
    private final Path pressure;
    private final String stat;
    private final String loadavg;
    private final KernelFile files = new KernelFile();

    /**
     * @param cgroupDirectory the process's cgroup v2 directory, when there is one; its
     *                        {@code cpu.pressure} is preferred to the host's
     */
    public WithheldCpu(Path fsRoot, Optional<Path> cgroupDirectory) {
        this.fsRoot = fsRoot;
        Path host = fsRoot.resolve("proc/pressure/cpu");
        this.pressure = cgroupDirectory.map(dir -> dir.resolve("cpu.pressure")).filter(Files::isReadable).orElse(host);
        this.stat = fsRoot.resolve("proc/stat").toString();
        this.loadavg = fsRoot.resolve("proc/loadavg").toString();
    }

    /** {@code cgroup} or {@code host}: whose pressure {@link #pressureSomeSeconds} reads. */
    public String pressureScope() {
        return pressure.startsWith(fsRoot.resolve("proc")) ? "host" : "cgroup";
    }

    /** Whether any PSI file is readable (kernels before 4.20, or PSI off at boot: none). */
    public boolean hasPressure() {
        return Files.isReadable(pressure);
    }

    /** Host steal time since boot, in seconds (all cores added up). */
    public double stealSeconds() {
        for (String line : lines(stat)) {
            if (line.startsWith("cpu ")) {
                String[] fields = line.trim().split("\\s+");
                // cpu user nice system idle iowait irq softirq steal …
                return fields.length > 8 ? parse(fields[8]) / USER_HZ : Double.NaN;
            }
        }
        return Double.NaN;
    }

    /** Threads running or runnable on the host right now (the 4th field of /proc/loadavg, before the '/'). */
    public double runnableThreads() {
        String[] lines = lines(loadavg);
        if (lines.length == 0) {
            return Double.NaN;
        }
        String[] fields = lines[0].trim().split("\\s+");
        if (fields.length < 4 || fields[3].indexOf('/') < 0) {
            return Double.NaN;
        }
        return parse(fields[3].substring(0, fields[3].indexOf('/')));
    }

    /** Total time at least one runnable task waited for a core, in seconds (PSI {@code some}). */
    public double pressureSomeSeconds() {
        return pressureTotal("some");
    }

    /** Total time all non-idle tasks waited for a core at once, in seconds (PSI {@code full}; 0 at host level). */
    public double pressureFullSeconds() {
        return pressureTotal("full");
    }

    private double pressureTotal(String kind) {
        for (String line : lines(pressure.toString())) {
            if (line.startsWith(kind + " ")) {
                for (String field : line.trim().split("\\s+")) {
                    if (field.startsWith("total=")) {
                        return parse(field.substring("total=".length())) / 1e6;
                    }
                }
            }
        }
        return Double.NaN;
    }

    private static double parse(String number) {
        try {
            return Double.parseDouble(number);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** The file's lines; none where it cannot be read. */
    private String[] lines(String file) {
        String text = files.read(file);
        return text == null || text.isEmpty() ? new String[0] : text.split("\n");
    }
}
