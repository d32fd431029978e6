package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The database seen from inside, beside the service's view of it: what PostgreSQL's exporter
 * ({@code prometheus-postgres-exporter}, with Chokepoint's queries file for wait events) or MySQL's
 * ({@link MysqlExporterSignals}) and the database host's node exporter say about why it saturated — backends on CPU against the host's
 * cores, sessions waiting on row locks, on I/O, connections against {@code max_connections}.
 * Computed into the frame of each service whose agent connected to that database; a run without
 * those exporters has none of these signals, and the rules that read them stay silent.
 */
final class DatabaseInsideSignals {

    /** Chokepoint's query (docs/dependencies.md): active client sessions by what they wait on, {@code wait} = CPU when none. */
    static final String SESSIONS = "pg_chokepoint_sessions_count";
    /** Chokepoint's query: sessions waiting on a lock, by statement (literals replaced by ?). */
    static final String LOCK_WAITS = "pg_chokepoint_lock_waits_count";
    /** The exporter's default: sessions by database and state. */
    static final String ACTIVITY = "pg_stat_activity_count";
    static final String MAX_CONNECTIONS = "pg_settings_max_connections";
    static final String VERSION = "pg_static";
    static final String NODE_CPU = "node_cpu_seconds_total";
    /** CPU modes in which a core does no work (iowait: idle while a disk read is outstanding). */
    private static final Set<String> IDLE_MODES = Set.of("idle", "iowait");

    static final List<Signal> SIGNALS = List.of(
            Signal.text("db_server", "the database as its exporter names it: product, version and host:port"),
            Signal.number("db_sessions_active", Unit.COUNT, "backends running a statement in the database (client sessions and their parallel workers), on average over the window (PostgreSQL's exporter)"),
            Signal.number("db_sessions_on_cpu", Unit.COUNT, "of those, sessions waiting on nothing: running on a core or waiting for one"),
            Signal.number("db_sessions_row_lock_waiting", Unit.COUNT, "of those, sessions waiting for a row lock another transaction holds (wait events transactionid, tuple)"),
            Signal.number("db_sessions_lock_waiting", Unit.COUNT, "of those, sessions waiting for any heavyweight lock (rows, tables, …)"),
            Signal.number("db_sessions_io_waiting", Unit.COUNT, "of those, sessions waiting for a data file read or write"),
            Signal.text("db_lock_wait_statement", "the statement most sessions waited on a lock in (literals replaced by ?)"),
            Signal.number("db_connections", Unit.COUNT, "connections open to the database server, any state"),
            Signal.number("db_max_connections", Unit.COUNT, "the server's max_connections"),
            Signal.number("db_connection_use", Unit.RATIO, "db_connections / db_max_connections"),
            Signal.number("db_host_cores", Unit.COUNT, "cores of the database's host (its node exporter)"),
            Signal.number("db_host_cpu_utilization", Unit.RATIO, "share of the database host's cores busy (not idle, not iowait)"),
            Signal.number("db_host_iowait", Unit.RATIO, "share of the database host's core time idle with disk I/O outstanding"));

    private DatabaseInsideSignals() {
    }

    /** Whether a signal is one of these: read from an exporter, absent in runs that recorded none. */
    static boolean fromExporter(String signal) {
        return SIGNALS.stream().anyMatch(s -> s.name().equals(signal));
    }

    /** Into a service's frame, from the exporters of the database it connected to (the first of each kind). */
    static void compute(List<DependencyExporter> postgres, List<DependencyExporter> mysql, List<DependencyExporter> nodes,
                        SignalFrame out) {
        if (!postgres.isEmpty()) {
            postgres(postgres.get(0).series(), out);
        } else if (!mysql.isEmpty()) {
            MysqlExporterSignals.compute(mysql.get(0), out);
        }
        if (!nodes.isEmpty()) {
            node(nodes.get(0).series(), out);
        }
    }

    private static void postgres(TargetSeries pg, SignalFrame out) {
        boolean waits = !pg.series(SESSIONS, k -> true).isEmpty();
        double[] active = waits ? windowMean(pg, SESSIONS, k -> true)
                : windowMean(pg, ACTIVITY, k -> "active".equals(k.label("state")));
        out.put("db_sessions_active", active);
        if (waits) {
            double[] rowLock = windowMean(pg, SESSIONS, wait("RowLock"));
            out.put("db_sessions_on_cpu", windowMean(pg, SESSIONS, wait("CPU")));
            out.put("db_sessions_row_lock_waiting", rowLock);
            out.put("db_sessions_lock_waiting", PointWise.plus(rowLock, windowMean(pg, SESSIONS, wait("Lock"))));
            out.put("db_sessions_io_waiting", windowMean(pg, SESSIONS, wait("IO")));
            out.putText("db_lock_wait_statement", top(pg, LOCK_WAITS, "statement"));
        }
        double[] connections = pg.gaugeSum(ACTIVITY);
        double[] max = pg.gaugeSum(MAX_CONNECTIONS);
        out.put("db_connections", connections);
        out.put("db_max_connections", max);
        out.put("db_connection_use", PointWise.ratio(connections, max));
        out.putText("db_server", server(pg));
    }

    private static void node(TargetSeries node, SignalFrame out) {
        Set<String> cpus = new LinkedHashSet<>();
        node.series(NODE_CPU, k -> true).forEach(s -> cpus.add(s.key().label("cpu")));
        double[] all = node.increase(NODE_CPU);
        double[] idle = node.increase(NODE_CPU, k -> IDLE_MODES.contains(k.label("mode")));
        double[] cores = PointWise.scale(ones(all), cpus.size());
        out.put("db_host_cores", cores);
        out.put("db_host_cpu_utilization", PointWise.minus(ones(all), PointWise.ratio(idle, all)));
        out.put("db_host_iowait", PointWise.ratio(node.increase(NODE_CPU, k -> "iowait".equals(k.label("mode"))), all));
    }

    /** 1 where {@code a} is known, NaN elsewhere. */
    private static double[] ones(double[] a) {
        return PointWise.ratio(a, a);
    }

    private static Predicate<SeriesKey> wait(String value) {
        return k -> value.equals(k.label("wait"));
    }

    /**
     * A gauge's mean over each trailing window: its samples summed, divided by the target's scrapes
     * there. A point sample of sessions at one instant jumps with every statement that starts or
     * ends; and a label set the exporter drops when its count is 0 (a GROUP BY without that group)
     * counts as 0 in the scrapes that lacked it, not as unknown.
     */
    static double[] windowMean(TargetSeries in, String name, Predicate<SeriesKey> filter) {
        Grid grid = in.grid();
        double[] scrapes = in.samplesInWindow();
        double[] sum = new double[grid.size()];
        boolean seen = false;
        for (Series s : in.series(name, filter)) {
            seen = true;
            addWindowSums(s, grid, sum);
        }
        double[] out = PointWise.unknown(grid.size());
        if (seen) {
            for (int i = 0; i < out.length; i++) {
                out[i] = scrapes[i] > 0 ? sum[i] / scrapes[i] : Double.NaN;
            }
        }
        return out;
    }

    private static void addWindowSums(Series s, Grid grid, double[] sum) {
        long[] t = s.timesMillis();
        double[] v = s.values();
        int first = 0;
        int last = 0;
        double acc = 0;
        for (int i = 0; i < sum.length; i++) {
            long end = grid.time(i);
            while (last < t.length && t[last] <= end) {
                acc += Double.isNaN(v[last]) ? 0 : v[last];
                last++;
            }
            while (first < last && t[first] <= end - grid.windowMillis()) {
                acc -= Double.isNaN(v[first]) ? 0 : v[first];
                first++;
            }
            sum[i] += acc;
        }
    }

    /** Per point, the label value whose gauge summed most over the window (null when none was positive). */
    private static String[] top(TargetSeries in, String name, String label) {
        Map<String, double[]> by = new LinkedHashMap<>();
        for (Series s : in.series(name, k -> true)) {
            String value = String.valueOf(s.key().label(label));
            double[] sums = by.computeIfAbsent(value, x -> new double[in.grid().size()]);
            addWindowSums(s, in.grid(), sums);
        }
        return LockSignals.largestEach(by, in.grid().size()).toArray(String[]::new);
    }

    /** "PostgreSQL 15.20 at 127.0.0.1:5432" from pg_static's labels, at every point the exporter answered. */
    private static String[] server(TargetSeries pg) {
        List<Series> versions = pg.series(VERSION, k -> true);
        String name = versions.isEmpty() ? "PostgreSQL" : "PostgreSQL " + shortVersion(versions.get(0).key().label("short_version"));
        String server = versions.isEmpty() ? null : versions.get(0).key().label("server");
        String text = server == null ? name : name + " at " + server;
        double[] known = pg.samplesInWindow();
        String[] out = new String[known.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = known[i] > 0 ? text : null;
        }
        return out;
    }

    /** 15.20.0 → 15.20: PostgreSQL's own versions have two parts since 10. */
    private static String shortVersion(String v) {
        return v == null ? "" : v.endsWith(".0") ? v.substring(0, v.length() - 2) : v;
    }
}
