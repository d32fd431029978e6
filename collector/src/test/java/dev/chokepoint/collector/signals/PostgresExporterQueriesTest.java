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
import java.util.Optional;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Chokepoint's queries file for PostgreSQL's exporter, run by the real exporter (Debian's
 * prometheus-postgres-exporter, installed by examples/setup/install-tools.sh) against the real
 * PostgreSQL at 127.0.0.1:5432: given one transaction holding a row and three sessions updating
 * it, when the exporter is scraped, then it counts them as RowLock waits and names their statement
 * without its literals.
 */
class PostgresExporterQueriesTest {

    private static final Path EXPORTER = Path.of("/usr/bin/prometheus-postgres-exporter");
    private static final Path PSQL = Path.of("/usr/bin/psql");
    private static final Path QUERIES = Path.of("..", "examples", "exporters", "postgres-queries.yaml");
    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(Process::destroy);
    }

    @Test
    void sessions_waiting_for_a_held_row_read_as_row_lock_waits_in_their_statement() throws Exception {
        assumeTrue(Files.isExecutable(EXPORTER) && Files.isExecutable(PSQL),
                "needs prometheus-postgres-exporter and psql (examples/setup/install-tools.sh)");
        String table = "chokepoint_it_hot_" + ProcessHandle.current().pid();
        psql("CREATE TABLE IF NOT EXISTS " + table + " (id int PRIMARY KEY, n int); "
                + "INSERT INTO " + table + " VALUES (1, 0) ON CONFLICT DO NOTHING").waitFor();
        try {
            int port = freePort();
            ProcessBuilder exporter = new ProcessBuilder(EXPORTER.toString(), "--web.listen-address=127.0.0.1:" + port,
                    "--extend.query-path=" + QUERIES.toAbsolutePath(), "--no-collector.database", "--no-collector.bgwriter")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            exporter.environment().put("DATA_SOURCE_NAME", "postgresql://postgres@127.0.0.1:5432/test?sslmode=disable");
            started.add(exporter.start());
            // The holder keeps the row for up to 30 s (ended below once the scrape saw the waits); the three writers queue behind it.
            started.add(psql("BEGIN; UPDATE " + table + " SET n = n + 1 WHERE id = 1; SELECT pg_sleep(30); COMMIT"));
            TargetScraper scraper = new TargetScraper(Duration.ofSeconds(5));
            URI url = URI.create("http://127.0.0.1:" + port + "/metrics");
            // Polled with deadlines: the exporter and the sessions start at their own pace. The
            // writers start once the holder sleeps with the row (wait "Other": PgSleep), or the
            // first of them could take the row before it and never wait.
            List<ParsedSample> samples = scrapeUntil(scraper, url, s -> count(s, "Other") >= 1);
            for (int i = 0; i < 3; i++) {
                started.add(psql("UPDATE " + table + " SET n = n + 42 WHERE id = 1 AND 'secret' <> 'x'"));
            }
            samples = scrapeUntil(scraper, url, s -> rowLockWaits(s) >= 3);

            assertThat(rowLockWaits(samples)).isGreaterThanOrEqualTo(3);
            Optional<String> statement = samples.stream()
                    .filter(s -> s.name().equals(DatabaseInsideSignals.LOCK_WAITS))
                    .map(s -> s.labels().get("statement")).filter(s -> s.contains(table)).findFirst();
            assertThat(statement).hasValue("UPDATE " + table + " SET n = n + ? WHERE id = ? AND ? <> ?");
            assertThat(samples).anyMatch(s -> s.name().equals(DatabaseInsideSignals.SESSIONS) && "CPU".equals(s.labels().get("wait")));
        } finally {
            started.forEach(Process::destroy);
            // A psql that is gone leaves its backend sleeping with the row: end it, or the DROP waits for it.
            psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%" + table
                    + "%' AND pid <> pg_backend_pid()").waitFor();
            psql("DROP TABLE IF EXISTS " + table).waitFor();
        }
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

    private static double rowLockWaits(List<ParsedSample> samples) {
        return count(samples, "RowLock");
    }

    private static double count(List<ParsedSample> samples, String wait) {
        return samples.stream().filter(s -> s.name().equals(DatabaseInsideSignals.SESSIONS) && wait.equals(s.labels().get("wait")))
                .mapToDouble(ParsedSample::value).sum();
    }

    private static Process psql(String sql) throws IOException {
        return new ProcessBuilder(PSQL.toString(), "-h", "127.0.0.1", "-U", "postgres", "-d", "test", "-q", "-c", sql)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
