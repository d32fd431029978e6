package dev.chokepoint.agent.bench;

import dev.chokepoint.agent.jdbc.DatabasePeers;
import dev.chokepoint.agent.jdbc.JdbcProxies;
import dev.chokepoint.agent.jdbc.QueryMetrics;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

/**
 * One primary-key SELECT (prepare, bind, execute, read a row, close) on an in-memory H2
 * connection, bare ({@code probe=off}) or through the agent's JDBC proxies ({@code probe=on}):
 * the difference is what the JDBC probe adds per statement. Ten warm-up seconds: H2 and the proxies
 * take several to compile on a loaded two-core machine.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 10, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class JdbcBench {

    static final String SELECT = "select name from item where id = ?";

    @Param({"off", "on"})
    public String probe;

    private Connection driverConnection;
    private Connection connection;

    @Setup
    public void connect() throws SQLException {
        driverConnection = DriverManager.getConnection("jdbc:h2:mem:jdbc-bench;DB_CLOSE_DELAY=-1");
        try (Statement ddl = driverConnection.createStatement()) {
            ddl.execute("create table if not exists item (id int primary key, name varchar(40))");
            ddl.execute("merge into item key (id) select x, 'item ' || x from system_range(1, 100)");
        }
        connection = driverConnection;
        if (BenchProbeContext.on(probe)) {
            BenchProbeContext context = new BenchProbeContext();
            QueryMetrics metrics = new QueryMetrics(100);
            metrics.bindTo(context.registry());
            connection = new JdbcProxies(metrics, new DatabasePeers()).wrap(driverConnection, "bench");
        }
    }

    @TearDown
    public void close() throws SQLException {
        driverConnection.close();
    }

    @Benchmark
    public String select() throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(SELECT)) {
            statement.setInt(1, 42);
            try (ResultSet rows = statement.executeQuery()) {
                return rows.next() ? rows.getString(1) : null;
            }
        }
    }
}
