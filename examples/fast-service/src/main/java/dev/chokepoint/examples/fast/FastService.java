package dev.chokepoint.examples.fast;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A service as small as a real one gets: embedded Tomcat, three servlets, a HikariCP pool on
 * PostgreSQL, no framework. {@code /hello} answers a constant; {@code /select} runs one SELECT.
 * Their requests cost microseconds, so whatever an agent adds per request or at start-up shows.
 * {@code /digest} computes SHA-256 a fixed number of times: a CPU-bound endpoint on plain Tomcat.
 *
 * <pre>
 * java [-javaagent:…] -Dfast.port=0 -Dfast.port-file=PATH -jar examples/fast-service/target/fast-service.jar
 * </pre>
 * System properties: {@code fast.port} (default 8080, 0 = any free port), {@code fast.port-file}
 * (written with the port once Tomcat listens), {@code fast.jdbc-url} (default
 * {@code jdbc:postgresql://127.0.0.1:5432/test}), {@code fast.db-user} (postgres),
 * {@code fast.db-password} (empty), {@code fast.pool-size} (10), {@code fast.digest-rounds} (400: SHA-256
 * rounds over 4 KiB a {@code /digest} request).
 */
public final class FastService {

    private FastService() {
    }

    public static void main(String[] args) throws LifecycleException, IOException {
        HikariDataSource pool = pool();
        Tomcat tomcat = new Tomcat();
        Path base = Files.createTempDirectory("fast-service");
        tomcat.setBaseDir(base.toString());
        Connector connector = tomcat.getConnector();
        connector.setPort(Integer.getInteger("fast.port", 8080));
        Context context = tomcat.addContext("", base.toString());
        Tomcat.addServlet(context, "hello", new HelloServlet());
        context.addServletMappingDecoded("/hello", "hello");
        Tomcat.addServlet(context, "select", new SelectServlet(pool));
        context.addServletMappingDecoded("/select", "select");
        Tomcat.addServlet(context, "digest", new DigestServlet(Integer.getInteger("fast.digest-rounds", 400)));
        context.addServletMappingDecoded("/digest", "digest");
        Runtime.getRuntime().addShutdownHook(new Thread(pool::close, "fast-service-pool-close"));
        tomcat.start();
        writePortFile(connector.getLocalPort());
        tomcat.getServer().await();
    }

    private static HikariDataSource pool() {
        HikariConfig config = new HikariConfig();
        config.setPoolName("fast");
        config.setJdbcUrl(System.getProperty("fast.jdbc-url", "jdbc:postgresql://127.0.0.1:5432/test"));
        config.setUsername(System.getProperty("fast.db-user", "postgres"));
        config.setPassword(System.getProperty("fast.db-password", ""));
        config.setMaximumPoolSize(Integer.getInteger("fast.pool-size", 10));
        return new HikariDataSource(config);
    }

    /** Written whole or not at all (moved into place), so a reader polling for it never sees half a number. */
    private static void writePortFile(int port) throws IOException {
        String file = System.getProperty("fast.port-file");
        if (file == null) {
            System.out.println("fast-service listening on port " + port);
            return;
        }
        Path target = Path.of(file).toAbsolutePath();
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        Files.writeString(partial, Integer.toString(port), StandardCharsets.US_ASCII);
        Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
