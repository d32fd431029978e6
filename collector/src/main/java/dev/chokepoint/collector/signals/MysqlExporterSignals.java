package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.Series;

import java.util.List;

/**
 * The database seen from inside through MySQL's exporter ({@code prometheus-mysqld-exporter}, its
 * default collectors), for MySQL and MariaDB: the same {@code db_*} signals as PostgreSQL's, so the
 * rules never ask which database it is. Threads running a statement ({@code Threads_running}) are
 * the active sessions; those waiting for an InnoDB row lock ({@code Innodb_row_lock_current_waits})
 * are the row-lock waiters, and the rest count as on CPU: MySQL's status counters do not say which
 * of them wait on I/O (that needs performance_schema), so {@code db_sessions_io_waiting} stays
 * absent and database-io silent.
 */
final class MysqlExporterSignals {

    static final String THREADS_RUNNING = "mysql_global_status_threads_running";
    static final String ROW_LOCK_WAITS = "mysql_global_status_innodb_row_lock_current_waits";
    static final String THREADS_CONNECTED = "mysql_global_status_threads_connected";
    static final String MAX_CONNECTIONS = "mysql_global_variables_max_connections";
    /** A gauge of 1 labelled {@code version} ("10.11.19-MariaDB-0+deb12u1", "8.0.36"). */
    static final String VERSION = "mysql_version_info";

    private MysqlExporterSignals() {
    }

    static void compute(DependencyExporter mysql, SignalFrame out) {
        TargetSeries my = mysql.series();
        // The exporter's own connection runs SHOW GLOBAL STATUS while the server counts its
        // running threads, so an idle server reads 1: that one is not the service's.
        double[] running = DatabaseInsideSignals.windowMean(my, THREADS_RUNNING, k -> true);
        double[] active = PointWise.combine(running, running, (r, x) -> Math.max(0, r - 1));
        double[] rowLock = DatabaseInsideSignals.windowMean(my, ROW_LOCK_WAITS, k -> true);
        out.put("db_sessions_active", active);
        out.put("db_sessions_on_cpu", PointWise.combine(active, rowLock, (a, w) -> Math.max(0, a - w)));
        out.put("db_sessions_row_lock_waiting", rowLock);
        out.put("db_sessions_lock_waiting", rowLock);
        double[] connections = my.gaugeSum(THREADS_CONNECTED);
        double[] max = my.gaugeSum(MAX_CONNECTIONS);
        out.put("db_connections", connections);
        out.put("db_max_connections", max);
        out.put("db_connection_use", PointWise.ratio(connections, max));
        out.putText("db_server", server(mysql));
    }

    /** "MariaDB 10.11.19 at 127.0.0.1:3306" at every point the exporter answered. */
    private static String[] server(DependencyExporter mysql) {
        List<Series> versions = mysql.series().series(VERSION, k -> true);
        String version = versions.isEmpty() ? null : versions.get(0).key().label("version");
        String name = product(version);
        String text = mysql.describes().isEmpty() ? name : name + " at " + mysql.describes().iterator().next();
        double[] known = mysql.series().samplesInWindow();
        String[] out = new String[known.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = known[i] > 0 ? text : null;
        }
        return out;
    }

    /** "10.11.19-MariaDB-0+deb12u1" → "MariaDB 10.11.19"; "8.0.36" → "MySQL 8.0.36". */
    static String product(String version) {
        if (version == null || version.isBlank()) {
            return "MySQL";
        }
        int dash = version.indexOf('-');
        String number = dash < 0 ? version : version.substring(0, dash);
        return (version.contains("MariaDB") ? "MariaDB " : "MySQL ") + number;
    }
}
