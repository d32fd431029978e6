package dev.chokepoint.agent.hikari;

import com.zaxxer.hikari.HikariConfig;
import dev.chokepoint.agent.probe.FixedProbeContext;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;
import java.sql.Connection;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Regression: Hikari in a child class loader the agent cannot see into (Spring Boot fat jar,
 * webapp). The tracker classes must be defined in Hikari's loader, not the agent's.
 */
class TrackerInjectionTest {

    @Test
    void givenHikariInAChildLoader_thenTheTrackerIsDefinedThereAndRecords() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        HikariTracking.install(registry, new FixedProbeContext(registry, Map.of()));
        URL hikariJar = HikariConfig.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader child = new ChildFirstLoader(hikariJar, getClass().getClassLoader())) {
            Class<?> pool = child.loadClass("com.zaxxer.hikari.pool.HikariPool");
            assertThat(pool).isNotSameAs(com.zaxxer.hikari.pool.HikariPool.class);

            Object factory = HikariTracking.wrap(null, pool);

            assertThat(factory.getClass().getName()).isEqualTo(HikariTracking.WRAPPER);
            assertThat(factory.getClass().getClassLoader()).isSameAs(child);
            Class<?> factoryType = child.loadClass(HikariTracking.FACTORY_INTERFACE);
            assertThat(factoryType.isInstance(factory)).isTrue();

            String poolName = "child-" + System.nanoTime();
            Class<?> configType = child.loadClass("com.zaxxer.hikari.HikariConfig");
            Object config = configType.getConstructor().newInstance();
            configType.getMethod("setJdbcUrl", String.class).invoke(config, "jdbc:postgresql://127.0.0.1:5432/test");
            configType.getMethod("setUsername", String.class).invoke(config, "postgres");
            configType.getMethod("setPoolName", String.class).invoke(config, poolName);
            configType.getMethod("setMaximumPoolSize", int.class).invoke(config, 1);
            configType.getMethod("setMetricsTrackerFactory", factoryType).invoke(config, factory);
            Class<?> dataSourceType = child.loadClass("com.zaxxer.hikari.HikariDataSource");
            try (AutoCloseable dataSource = (AutoCloseable) dataSourceType.getConstructor(configType).newInstance(config)) {
                try (Connection connection = (Connection) dataSourceType.getMethod("getConnection").invoke(dataSource)) {
                    assertThat(connection.isValid(5)).isTrue();
                }
                assertThat(registry.get("hikaricp.connections.acquire").tag("pool", poolName).timer().count()).isEqualTo(1);
                assertThat(registry.get("hikaricp.connections.max").tag("pool", poolName).gauge().value()).isEqualTo(1);
            }
        }
    }

    /** Loads Hikari itself first, everything else from the parent, like a webapp loader. */
    private static final class ChildFirstLoader extends URLClassLoader {

        ChildFirstLoader(URL jar, ClassLoader parent) {
            super(new URL[] {jar}, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("com.zaxxer.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                return loaded != null ? loaded : findClass(name);
            }
        }
    }
}
