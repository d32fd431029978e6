package dev.chokepoint.collector.hostview;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Who used the host's cores during a run, in Prometheus's text format: the host's busy CPU, and
 * the CPU of each part the run is made of (each target's process, the dependencies they are
 * connected to on this host, the load generator, the collector). A part's counter is the CPU of
 * its processes' tree since the part was first seen, reaped children included, so it keeps
 * counting a PostgreSQL backend or a hey process after it exits; it never goes down (a process
 * leaving the tree, reparented elsewhere, holds it where it was). Every counter starts at zero
 * when it first appears, so that one born during the run counts from there. The sockets that say which process is which
 * part are looked at every {@link #PARTS_EVERY_MILLIS}: a scan of every process's descriptors.
 */
public final class HostView {

    static final long PARTS_EVERY_MILLIS = 5_000;
    static final String LOAD_GENERATOR = "load generator";
    static final String COLLECTOR = "collector";

    private final Path proc;
    private final Map<String, Integer> targetPorts;
    private final long self;
    private final String hostname;
    private final Map<String, Double> counters = new LinkedHashMap<>();
    private final Map<String, Long> bases = new HashMap<>();
    private double hostBase = Double.NaN;
    private final Map<String, String> processes = new HashMap<>();
    private List<HostParts.Part> parts = List.of();
    private long partsReadAt;

    HostView(Path proc, Map<String, Integer> targetPorts, long self, String hostname) {
        this.proc = proc;
        this.targetPorts = Map.copyOf(targetPorts);
        this.self = self;
        this.hostname = hostname;
    }

    /** For the targets of this run that are on this host (a loopback URL); the others have no process here to read. */
    public static HostView of(List<URI> targets) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (URI t : targets) {
            if (t.getHost() != null && onThisHost(t.getHost())) {
                ports.put(t.toString(), t.getPort() > 0 ? t.getPort() : "https".equals(t.getScheme()) ? 443 : 80);
            }
        }
        return new HostView(Path.of("/proc"), ports, ProcessHandle.current().pid(), hostname());
    }

    /** Whether this host has a /proc to read (Linux). */
    public static boolean available() {
        return Files.isReadable(Path.of("/proc/stat"));
    }

    /** The exposition, read now. */
    synchronized String scrape(long nowMillis) {
        Map<Long, ProcessStat> all = ProcessStat.readAll(proc);
        if (nowMillis - partsReadAt >= PARTS_EVERY_MILLIS) {
            parts = HostParts.find(targetPorts, self, all, TcpSocket.readAll(proc), SocketOwners.of(proc, all.keySet()));
            parts.forEach(p -> processes.put(p.name(), p.process()));
            partsReadAt = nowMillis;
        }
        count(all);
        return exposition();
    }

    private void count(Map<Long, ProcessStat> all) {
        Map<String, Long> ticks = new LinkedHashMap<>();
        Map<Long, String> roots = new HashMap<>();
        parts.forEach(p -> p.roots().forEach(r -> roots.put(r, p.name())));
        roots.put(self, LOAD_GENERATOR);
        Map<Long, String> memo = new HashMap<>();
        for (ProcessStat p : all.values()) {
            String part = p.pid() == self ? null : partOf(p.pid(), all, roots, memo);
            if (part != null) {
                ticks.merge(part, p.totalTicks(), Long::sum);
            }
        }
        ProcessStat collector = all.get(self);
        if (collector != null) {
            // Its own CPU is the collector's; what it reaped (finished load processes) the load generator's.
            ticks.merge(COLLECTOR, collector.ownTicks(), Long::sum);
            ticks.merge(LOAD_GENERATOR, collector.reapedTicks(), Long::sum);
        }
        ticks.forEach((part, t) -> {
            // Counted from when the part was first seen: a series born during the run counts from zero.
            long since = t - bases.computeIfAbsent(part, p -> t);
            counters.merge(part, since / ProcessStat.TICKS_PER_SECOND, Math::max);
        });
    }

    /** The part whose root is the process or its nearest claimed ancestor; null for none. */
    private static String partOf(long pid, Map<Long, ProcessStat> all, Map<Long, String> roots, Map<Long, String> memo) {
        List<Long> path = new ArrayList<>();
        String found = null;
        for (long at = pid; at > 1 && path.size() < 512; ) {
            if (roots.containsKey(at)) {
                found = roots.get(at);
                break;
            }
            if (memo.containsKey(at)) {
                found = memo.get(at);
                break;
            }
            path.add(at);
            ProcessStat p = all.get(at);
            if (p == null) {
                break;
            }
            at = p.parent();
        }
        for (long p : path) {
            memo.put(p, found);
        }
        return found;
    }

    private String exposition() {
        StringBuilder out = new StringBuilder();
        out.append("# HELP chokepoint_host_view_info The collector's view of the host it runs on.\n")
                .append("# TYPE chokepoint_host_view_info gauge\n")
                .append("chokepoint_host_view_info{host=\"").append(escape(hostname)).append("\"} 1\n")
                .append("# TYPE chokepoint_host_cores gauge\n")
                .append("chokepoint_host_cores ").append(Runtime.getRuntime().availableProcessors()).append('\n');
        double busy = HostCpu.busySeconds(proc);
        if (Double.isNaN(hostBase)) {
            hostBase = busy;
        }
        busy -= hostBase;
        if (!Double.isNaN(busy)) {
            out.append("# TYPE chokepoint_host_cpu_seconds_total counter\n")
                    .append("chokepoint_host_cpu_seconds_total ").append(format(busy)).append('\n');
        }
        out.append("# HELP chokepoint_host_part_cpu_seconds_total CPU used by the processes of one part of the run.\n")
                .append("# TYPE chokepoint_host_part_cpu_seconds_total counter\n");
        counters.forEach((part, seconds) -> out.append("chokepoint_host_part_cpu_seconds_total{part=\"")
                .append(escape(part)).append("\",process=\"").append(escape(processes.getOrDefault(part, "")))
                .append("\"} ").append(format(seconds)).append('\n'));
        return out.toString();
    }

    private static String format(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static boolean onThisHost(String host) {
        String h = host.toLowerCase(Locale.ROOT).replace("[", "").replace("]", "");
        return h.equals("localhost") || h.startsWith("127.") || h.equals("::1") || h.equals(hostname().toLowerCase(Locale.ROOT));
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
