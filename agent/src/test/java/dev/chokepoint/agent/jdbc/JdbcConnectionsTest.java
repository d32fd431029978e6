package dev.chokepoint.agent.jdbc;

import dev.chokepoint.agent.probe.FixedProbeContext;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Who wraps a new connection: the call sequence the driver and pool advice produce, without the agent. */
class JdbcConnectionsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final FixedProbeContext context = new FixedProbeContext(registry, Map.of());
    private static final String URL = "jdbc:postgresql://127.0.0.1:5432/test";
    private Connection raw;

    @BeforeEach
    void connect() throws SQLException {
        QueryMetrics metrics = new QueryMetrics(10);
        metrics.bindTo(registry);
        DatabasePeers databases = new DatabasePeers();
        databases.bindTo(registry);
        JdbcConnections.install(new JdbcProxies(metrics, databases), context);
        raw = DriverManager.getConnection(URL, "postgres", "");
    }

    @AfterEach
    void close() throws SQLException {
        raw.close();
    }

    @Test
    void theDatabasesHostAndPortArePublishedOnceWhateverTheNesting() {
        JdbcConnections.enterPool();
        JdbcConnections.enterDriver(URL);
        JdbcConnections.exitPool(JdbcConnections.exitDriver(raw), "orders");
        JdbcConnections.enterDriver(URL + "?currentSchema=market");
        JdbcConnections.exitDriver(raw);

        assertThat(registry.find("chokepoint.jdbc.peer").gauges()).singleElement()
                .satisfies(g -> assertThat(g.getId().getTag("peer")).isEqualTo("127.0.0.1:5432"))
                .satisfies(g -> assertThat(g.value()).isEqualTo(1));
    }

    @Test
    void aConnectionMadeByAPoolIsWrappedOnceWithThePoolsName() throws SQLException {
        JdbcConnections.enterPool();
        JdbcConnections.enterDriver(URL);
        Connection fromDriver = JdbcConnections.exitDriver(raw);
        Connection fromPool = JdbcConnections.exitPool(fromDriver, "orders");

        assertThat(fromDriver).isSameAs(raw);
        assertThat(fromPool).isNotSameAs(raw);
        runSelect(fromPool);
        assertThat(registry.get("chokepoint.jdbc.query").tag("pool", "orders").timer().count()).isEqualTo(1);
    }

    @Test
    void aDriverDelegatingToAnotherDriverIsWrappedOnceAsUnpooled() throws SQLException {
        JdbcConnections.enterDriver(URL);
        JdbcConnections.enterDriver(URL);
        Connection inner = JdbcConnections.exitDriver(raw);
        Connection outer = JdbcConnections.exitDriver(inner);

        assertThat(inner).isSameAs(raw);
        runSelect(outer);
        assertThat(registry.get("chokepoint.jdbc.query").tag("pool", "none").timer().count()).isEqualTo(1);
    }

    @Test
    void whenTheProbeIsOff_thenConnectionsStayAsTheyAre() {
        context.failed(JdbcProbe.ID, "test");

        JdbcConnections.enterDriver(URL);
        assertThat(JdbcConnections.exitDriver(raw)).isSameAs(raw);
    }

    private static void runSelect(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeQuery("select 1").close();
        }
    }
}
