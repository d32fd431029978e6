package dev.chokepoint.examples.plain;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.CountDownLatch;

/**
 * A service shaped unlike market-service, for trying Chokepoint on code its examples were not
 * built around: one servlet on plain embedded Tomcat (no Spring, no Micrometer, no Actuator),
 * HikariCP, PostgreSQL. {@code GET /tickets?event=N} reads the event, then numbers the ticket
 * under one {@link java.util.concurrent.locks.ReentrantLock} that is held across a slow step.
 * {@code GET /tickets/confirm?event=N} hands the confirmation mail to a small JDK thread pool and
 * waits for it ({@link ConfirmationMailer}); {@code GET /events/popular} blends two sales rankings
 * in Redis through Jedis ({@link PopularEvents}, with {@code --redis}); {@code GET /events/seatmap}
 * fetches a partner's seat map through Apache HttpClient 5's pool ({@link SeatMaps}, with
 * {@code --seat-maps}). Each endpoint has its own limit: the lock, the mailer pool, Redis's single
 * thread, the client's connections per route.
 *
 * <pre>
 * java [-javaagent:chokepoint-agent.jar] -jar plain-tomcat-service.jar
 *      [--port N (0 = any)] [--port-file FILE] [--jdbc-url URL] [--schema NAME] [--pool N]
 *      [--max-threads N] [--locked-ms N] [--mailer-threads N] [--mail-ms N]
 *      [--redis HOST:PORT] [--ranked-events N] [--redis-connections N] [--seat-maps HOST:PORT] [--seat-map-connections N]
 * </pre>
 */
public final class TicketService implements AutoCloseable {

    private final Tomcat tomcat;
    private final HikariDataSource dataSource;
    private final TicketStore store;
    private final ConfirmationMailer mailer;
    /** Null without {@code --redis}. */
    private final PopularEvents popular;
    /** Null without {@code --seat-maps}. */
    private final SeatMaps seatMaps;
    private final Path baseDir;

    private TicketService(Tomcat tomcat, HikariDataSource dataSource, TicketStore store, ConfirmationMailer mailer,
                          PopularEvents popular, SeatMaps seatMaps, Path baseDir) {
        this.tomcat = tomcat;
        this.dataSource = dataSource;
        this.store = store;
        this.mailer = mailer;
        this.popular = popular;
        this.seatMaps = seatMaps;
        this.baseDir = baseDir;
    }

    public static TicketService start(TicketOptions options) throws LifecycleException, SQLException, IOException {
        HikariConfig pool = new HikariConfig();
        pool.setPoolName("tickets");
        pool.setJdbcUrl(options.jdbcUrl());
        pool.setUsername(options.user());
        pool.setMaximumPoolSize(options.pool());
        HikariDataSource dataSource = new HikariDataSource(pool);
        TicketStore store;
        PopularEvents popular;
        try {
            store = TicketStore.create(dataSource, options.schema(), options.lockedMillis());
            // Keys named after the schema: runs that share a Redis do not meet.
            popular = options.redis() == null ? null : PopularEvents.connect(options.redis(),
                    "plain:popular:" + options.schema() + ":", options.rankedEvents(), options.redisConnections());
        } catch (SQLException | RuntimeException e) {
            dataSource.close();
            throw e;
        }
        ConfirmationMailer mailer = new ConfirmationMailer(store, options.mailerThreads(), options.mailMillis());
        SeatMaps seatMaps = options.seatMaps() == null ? null : SeatMaps.connect(options.seatMaps(), options.seatMapConnections());

        Tomcat tomcat = new Tomcat();
        Path base = Files.createTempDirectory("plain-tomcat");
        tomcat.setBaseDir(base.toString());
        tomcat.setHostname("127.0.0.1");
        tomcat.setPort(options.port());
        tomcat.getConnector().setProperty("address", "127.0.0.1");
        tomcat.getConnector().setProperty("maxThreads", Integer.toString(options.maxThreads()));
        Context context = tomcat.addContext("", base.toString());
        Tomcat.addServlet(context, "tickets", new TicketServlet(store));
        context.addServletMappingDecoded("/tickets", "tickets");
        Tomcat.addServlet(context, "confirm", new ConfirmationServlet(mailer));
        context.addServletMappingDecoded("/tickets/confirm", "confirm");
        Tomcat.addServlet(context, "popular", new PopularEventsServlet(popular));
        context.addServletMappingDecoded("/events/popular", "popular");
        Tomcat.addServlet(context, "seatmap", new SeatMapServlet(seatMaps));
        context.addServletMappingDecoded("/events/seatmap", "seatmap");
        tomcat.start();
        return new TicketService(tomcat, dataSource, store, mailer, popular, seatMaps, base);
    }

    public int port() {
        return tomcat.getConnector().getLocalPort();
    }

    TicketStore store() {
        return store;
    }

    @Override
    public void close() throws LifecycleException {
        try {
            tomcat.stop();
            tomcat.destroy();
        } finally {
            try {
                mailer.close();
                if (popular != null) {
                    popular.close();
                }
                if (seatMaps != null) {
                    closeQuietly(seatMaps);
                }
            } finally {
                dataSource.close();
                deleteQuietly(baseDir);
            }
        }
    }

    private static void closeQuietly(SeatMaps seatMaps) {
        try {
            seatMaps.close();
        } catch (IOException e) {
            System.err.println("plain-tomcat-service: could not close the seat-map client: " + e.getMessage());
        }
    }

    /** Tomcat's work folder: a temporary directory per start, removed at stop. */
    private static void deleteQuietly(Path dir) {
        try (java.util.stream.Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            System.err.println("plain-tomcat-service: could not remove " + dir + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) throws Exception {
        TicketOptions options;
        try {
            options = TicketOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("plain-tomcat-service: " + e.getMessage());
            System.err.println(TicketOptions.USAGE);
            System.exit(2);
            return;
        }
        TicketService service = start(options);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                service.close();
            } catch (LifecycleException e) {
                System.err.println("plain-tomcat-service: stop failed: " + e.getMessage());
            }
            stopped.countDown();
        }, "plain-tomcat-stop"));
        System.out.println("plain-tomcat-service: listening on http://127.0.0.1:" + service.port() + "/tickets?event=1");
        if (options.portFile() != null) {
            Path tmp = Path.of(options.portFile() + ".tmp");
            Files.writeString(tmp, Integer.toString(service.port()));
            Files.move(tmp, Path.of(options.portFile()), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        }
        stopped.await();
    }
}
