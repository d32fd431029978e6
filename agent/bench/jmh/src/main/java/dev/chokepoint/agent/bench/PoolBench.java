package dev.chokepoint.agent.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.chokepoint.agent.hikari.HikariTracking;
import dev.chokepoint.agent.hikari.tracker.ChokepointTrackerFactory;
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
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * One connection borrowed from HikariCP and given back (H2 in memory, pool of two), with Hikari's
 * no-op tracker ({@code probe=off}) or the tracker factory the Hikari probe installs
 * ({@code probe=on}: acquire time on borrow, usage time on return, the acquire added to the
 * request's pool wait).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PoolBench {

    @Param({"off", "on"})
    public String probe;

    private HikariDataSource pool;

    @Setup
    public void start() {
        HikariConfig config = new HikariConfig();
        config.setPoolName("bench");
        config.setJdbcUrl("jdbc:h2:mem:pool-bench;DB_CLOSE_DELAY=-1");
        config.setMaximumPoolSize(2);
        config.setMinimumIdle(2);
        if (BenchProbeContext.on(probe)) {
            BenchProbeContext context = new BenchProbeContext();
            HikariTracking.install(context.registry(), context);
            config.setMetricsTrackerFactory(new ChokepointTrackerFactory(null));
        }
        pool = new HikariDataSource(config);
    }

    @TearDown
    public void stop() {
        pool.close();
    }

    @Benchmark
    public boolean acquire() throws SQLException {
        try (Connection connection = pool.getConnection()) {
            return connection.getAutoCommit();
        }
    }
}
