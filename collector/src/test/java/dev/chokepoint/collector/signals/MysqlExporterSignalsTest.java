package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.scrape.ParsedSample;
import dev.chokepoint.collector.scrape.ScrapeOutcome;
import dev.chokepoint.collector.scrape.TargetScraper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What {@link MysqlExporterSignals} reads, from the real exporter (Debian's
 * prometheus-mysqld-exporter, installed by examples/setup/install-tools.sh, with the options
 * run-scenario.sh gives it) against the real MariaDB at 127.0.0.1:3306: given one transaction
 * holding a row and three sessions updating it, when the exporter is scraped, then it counts the
 * three as InnoDB row lock waits among the threads running, and names the server's product,
 * version and port, by which the collector joins it to the agent's peer 127.0.0.1:3306.
 */
class MysqlExporterSignalsTest {

    private static final Path EXPORTER = Path.of("/usr/bin/prometheus-mysqld-exporter");
    private static final Path CLIENT = Path.of("/usr/bin/mariadb");
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(Process::destroy);
    }

    @Test
    void sessions_waiting_for_a_held_row_read_as_innodb_row_lock_waits_among_the_threads_running() throws Exception {
        assumeTrue(Files.isExecutable(EXPORTER) && Files.isExecutable(CLIENT),
                "needs prometheus-mysqld-exporter and the mariadb client (examples/setup/install-tools.sh)");
        String table = "chokepoint_it_hot_" + ProcessHandle.current().pid();
        sql("CREATE TABLE IF NOT EXISTS " + table + " (id INT PRIMARY KEY, n INT) ENGINE=InnoDB; "
                + "INSERT IGNORE INTO " + table + " VALUES (1, 0)").waitFor();
        try {
            int port = freePort();
            ProcessBuilder exporter = new ProcessBuilder(EXPORTER.toString(), "--web.listen-address=127.0.0.1:" + port,
                    "--config.my-cnf=/dev/null", "--no-collect.slave_status", "--no-collect.info_schema.query_response_time",
                    "--no-collect.info_schema.innodb_cmp", "--no-collect.info_schema.innodb_cmpmem").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            exporter.environment().put("DATA_SOURCE_NAME", "root@tcp(127.0.0.1:3306)/");
            started.add(exporter.start());
            // The holder keeps the row for up to 30 s (ended below); the three writers queue behind it.
            started.add(sql("BEGIN; UPDATE " + table + " SET n = n + 1 WHERE id = 1; SELECT SLEEP(30) AS " + table + "; COMMIT"));
            TargetScraper scraper = new TargetScraper(Duration.ofSeconds(5));
            URI url = URI.create("http://127.0.0.1:" + port + "/metrics");
            // The writers start once the holder sleeps with the row, or the first of them could take
            // the row before it and never wait.
            awaitSessions("SELECT SLEEP(30) AS " + table, 1);
            // The server is shared (other runs' sessions may be there): what the writers add is
            // measured from what the exporter reads once the holder sleeps.
            List<ParsedSample> before = scrapeUntil(scraper, url, s -> value(s, MysqlExporterSignals.THREADS_RUNNING) >= 2);
            double waitsBefore = value(before, MysqlExporterSignals.ROW_LOCK_WAITS);
            double runningBefore = value(before, MysqlExporterSignals.THREADS_RUNNING);
            for (int i = 0; i < 3; i++) {
                started.add(sql("UPDATE " + table + " SET n = n + 42 WHERE id = 1"));
            }
            awaitSessions("UPDATE " + table + " SET n = n + 42", 3);
            List<ParsedSample> samples = scrapeUntil(scraper, url,
                    s -> value(s, MysqlExporterSignals.ROW_LOCK_WAITS) >= waitsBefore + 3
                            && value(s, MysqlExporterSignals.THREADS_RUNNING) >= runningBefore + 3);

            assertThat(value(samples, MysqlExporterSignals.ROW_LOCK_WAITS)).isGreaterThanOrEqualTo(waitsBefore + 3);
            // The holder and the exporter's SHOW GLOBAL STATUS ran before; the three writers add to them.
            assertThat(runningBefore).isGreaterThanOrEqualTo(2);
            assertThat(value(samples, MysqlExporterSignals.THREADS_RUNNING)).isGreaterThanOrEqualTo(runningBefore + 3);
            assertThat(value(samples, MysqlExporterSignals.THREADS_CONNECTED)).isGreaterThanOrEqualTo(5);
            assertThat(value(samples, MysqlExporterSignals.MAX_CONNECTIONS)).isPositive();
            assertThat(value(samples, DependencyExporters.MYSQL_PORT)).isEqualTo(3306);
            assertThat(value(samples, DependencyExporter.Kind.MYSQL.marker())).isEqualTo(1);
            String version = samples.stream().filter(s -> s.name().equals(MysqlExporterSignals.VERSION))
                    .map(s -> s.labels().get("version")).findFirst().orElseThrow();
            assertThat(MysqlExporterSignals.product(version)).matches("MariaDB \\d+\\.\\d+\\.\\d+");
        } finally {
            started.forEach(Process::destroy);
            // A client that is gone may leave its thread sleeping with the row: end it, or the DROP waits for it.
            killHolders(table);
            sql("DROP TABLE IF EXISTS " + table).waitFor();
        }
    }

    /** Waits (up to 20 s) until {@code count} sessions run a statement that starts with {@code statement}. */
    private static void awaitSessions(String statement, int count) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline && sessionsRunning(statement) < count) {
            Thread.sleep(50);
        }
    }

    private static int sessionsRunning(String statement) throws Exception {
        String n = query("SELECT COUNT(*) FROM information_schema.processlist WHERE info LIKE '" + statement + "%'");
        return n.matches("\\d+") ? Integer.parseInt(n) : 0;
    }

    /** Ends the sessions still in a statement on the table (KILL needs one statement per thread). */
    private static void killHolders(String table) throws Exception {
        String ids = query("SELECT id FROM information_schema.processlist WHERE info LIKE '%" + table + "%' AND id <> CONNECTION_ID()");
        for (String id : ids.split("\\s+")) {
            if (id.matches("\\d+")) {
                sql("KILL " + id).waitFor();
            }
        }
    }

    /** What {@code select} prints, without column names, trimmed. */
    private static String query(String select) throws Exception {
        Process client = new ProcessBuilder(CLIENT.toString(), "-h", "127.0.0.1", "-u", "root", "-N", "-e", select)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(client.getInputStream().readAllBytes()).trim();
        client.waitFor();
        return out;
    }

    private static List<ParsedSample> scrapeUntil(TargetScraper scraper, URI url, Predicate<List<ParsedSample>> done)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        List<ParsedSample> samples = List.of();
        while (System.nanoTime() < deadline && !done.test(samples)) {
            ScrapeOutcome o = scraper.scrape(url).get();
            samples = o.ok() ? o.samples() : List.of();
        }
        return samples;
    }

    private static double value(List<ParsedSample> samples, String name) {
        return samples.stream().filter(s -> s.name().equals(name)).mapToDouble(ParsedSample::value).sum();
    }

    private static Process sql(String statements) throws IOException {
        return new ProcessBuilder(CLIENT.toString(), "-h", "127.0.0.1", "-u", "root", "test", "-e", statements)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
