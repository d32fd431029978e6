package dev.chokepoint.agent.jdbc;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The agent's JDBC proxies wrapping a real PostgreSQL connection (127.0.0.1:5432, db test), no agent. */
class QueryMetricsTest {

    private static final int MAX_QUERIES = 20;

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final QueryMetrics metrics = new QueryMetrics(MAX_QUERIES);
    private final String table = "chokepoint_qm_" + System.nanoTime();
    private Connection raw;
    private Connection connection;

    @BeforeEach
    void connect() throws SQLException {
        metrics.bindTo(registry);
        raw = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test", "postgres", "");
        connection = new JdbcProxies(metrics, new DatabasePeers()).wrap(raw, JdbcProxies.UNPOOLED);
        try (Statement statement = raw.createStatement()) {
            statement.execute("create table " + table + " (id int primary key, name text)");
        }
    }

    @AfterEach
    void dropTable() throws SQLException {
        try (Statement statement = raw.createStatement()) {
            statement.execute("drop table if exists " + table);
        }
        raw.close();
    }

    @Test
    void givenStatementsWithLiterals_thenOneSeriesPerShapeAndNoLiteralInAnyLabel() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (int i = 0; i < 50; i++) {
                statement.execute("insert into " + table + " values (" + (1000 + i) + ", 'secret-" + i + "')");
                statement.executeQuery("select name from " + table + " where id = " + (1000 + i)).close();
            }
        }

        Collection<Meter> series = registry.find("chokepoint.jdbc.query").meters();
        assertThat(series).hasSize(2);
        for (Meter meter : series) {
            String query = meter.getId().getTag("query");
            // the table's name is left out: its nanoTime suffix may hold the digits 1000 (a CI run's did)
            assertThat(query.replace(table, "t")).doesNotContain("secret").doesNotContain("1000").contains("?");
            assertThat(meter.getId().getTag("pool")).isEqualTo("none");
            assertThat(meter.getId().getTag("outcome")).isEqualTo("success");
        }
        Timer select = registry.get("chokepoint.jdbc.query").tag("type", "select").timer();
        assertThat(select.getId().getTag("query")).isEqualTo("select name from " + table + " where id = ?");
        assertThat(select.count()).isEqualTo(50);
        // Nanosecond stopwatch: fifty millisecond-rounded durations would sum to whole milliseconds.
        long totalNanos = (long) select.totalTime(TimeUnit.NANOSECONDS);
        assertThat(totalNanos).isPositive();
        assertThat(totalNanos % 1_000_000).isNotZero();
        assertThat(registry.get("chokepoint.jdbc.query").tag("type", "insert").timer().count()).isEqualTo(50);
    }

    @Test
    void preparedStatementsAreTimedByTheirSql() throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("insert into " + table + " values (?, ?)")) {
            insert.setInt(1, 1);
            insert.setString(2, "x");
            insert.executeUpdate();
        }

        assertThat(registry.get("chokepoint.jdbc.query").tag("query", "insert into " + table + " values (?, ?)")
                .timer().count()).isEqualTo(1);
    }

    @Test
    void theSameTextOnTwoPoolsInTurnIsRecordedOnEachPool() {
        String sql = "select name from items where id = ?";
        for (String pool : new String[] {"a", "a", "b", "a"}) {
            metrics.record(pool, sql, true, 1_000);
        }

        assertThat(registry.get("chokepoint.jdbc.query").tags("pool", "a", "query", sql).timer().count()).isEqualTo(3);
        assertThat(registry.get("chokepoint.jdbc.query").tags("pool", "b", "query", sql).timer().count()).isEqualTo(1);
    }

    @Test
    void aStatementBatchIsOneExecutionUnderItsFirstText() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.addBatch("insert into " + table + " values (1, 'a')");
            statement.addBatch("insert into " + table + " values (2, 'b')");
            statement.executeBatch();
        }

        Timer batch = registry.get("chokepoint.jdbc.query").tag("query", "insert into " + table + " values (?, ?)").timer();
        assertThat(batch.count()).isEqualTo(1);
        assertThat(registry.find("chokepoint.jdbc.query").meters()).hasSize(1);
    }

    @Test
    void aStatementHandsBackTheProxiedConnection() throws SQLException {
        try (PreparedStatement select = connection.prepareStatement("select 1")) {
            assertThat(select.getConnection()).isSameAs(connection);
            assertThat(select.unwrap(org.postgresql.PGStatement.class)).isNotNull();
        }
    }

    @Test
    void aFailingStatementIsAnError() {
        assertThatThrownBy(() -> {
            try (Statement statement = connection.createStatement()) {
                statement.execute("select no_such_column from " + table);
            }
        }).isInstanceOf(SQLException.class);

        assertThat(registry.get("chokepoint.jdbc.query").tag("outcome", "error").timer().count()).isEqualTo(1);
    }

    @Test
    void tenThousandDistinctStatementsStayAtTheCap() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (int i = 0; i < 10_000; i++) {
                statement.executeQuery("select 1 as c" + i).close();
            }
        }

        assertThat(registry.find("chokepoint.jdbc.query").meters()).hasSize(MAX_QUERIES + 1);
        assertThat(registry.get("chokepoint.jdbc.query").tag("query", "other").timer().count())
                .isEqualTo(10_000 - MAX_QUERIES);
        assertThat(metrics.seriesCount()).isEqualTo(MAX_QUERIES + 1);
    }

    @Test
    void unwrapStillReachesTheDriversConnection() throws SQLException {
        assertThat(connection).isNotInstanceOf(PGConnection.class);
        assertThat(connection.isWrapperFor(PGConnection.class)).isTrue();
        assertThat(connection.unwrap(PGConnection.class)).isSameAs(raw);
    }

    @Test
    void anAlreadyProxiedConnectionIsNotWrappedTwice() {
        assertThat(new JdbcProxies(metrics, new DatabasePeers()).wrap(connection, "pool")).isSameAs(connection);
    }
}
