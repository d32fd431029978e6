package dev.chokepoint.agent.it;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.IMetricsTracker;
import com.zaxxer.hikari.metrics.MetricsTrackerFactory;
import com.zaxxer.hikari.metrics.PoolStats;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.AsyncContext;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.core.StandardThreadExecutor;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.descriptor.web.ErrorPage;
import org.postgresql.PGConnection;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.SimpleClientHttpRequestFactory;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The service the probes are tested on, in its own JVM with the agent: real embedded Tomcat
 * (4 workers) and a real HikariCP pool (1 connection) on the PostgreSQL at 127.0.0.1:5432.
 * With {@code load=<class>} it first tries to load that class and goes on whatever happens.
 * With the argument {@code virtual-threads} Tomcat serves on virtual threads (Java 21+); with
 * {@code retire-idle-workers} on a shared executor ({@code <Executor>}) that keeps no idle worker
 * longer than {@value #RETIRING_IDLE_MILLIS} ms, so threads come and go under a paced load (Tomcat's
 * own pool keeps them 60 s).
 * Prints {@code ready <port>}. Routes:
 * <ul>
 *   <li>{@code /sleep}: blocks 200 ms, no CPU;</li>
 *   <li>{@code /burn}: burns 50 ms of its thread's CPU;</li>
 *   <li>{@code /query}: a pooled statement with a literal that takes 50 ms in the database;</li>
 *   <li>{@code /items/<id>}: a raw path with an id and no route template;</li>
 *   <li>{@code /orders/<id>}: sets Spring's best-matching-pattern attribute {@code /orders/{id}},
 *       as Spring MVC does;</li>
 *   <li>{@code /fail/<id>}: route {@code /fail/{id}}, answers 503 through an error page whose
 *       servlet sets the route {@code /error}, as Spring Boot's error controller does;</li>
 *   <li>{@code /async/<id>}: asynchronous, route {@code /async/{id}}, completes 100 ms later
 *       from another thread with 202;</li>
 *   <li>{@code /async-dispatch}: asynchronous, dispatched to {@code /pause} 100 ms later;</li>
 *   <li>{@code /own-tracker}: acquisitions the application's own Hikari tracker was told of;</li>
 *   <li>{@code /unpooled}: a statement on a connection straight from {@code DriverManager};</li>
 *   <li>{@code /sqlite}: the same on an in-memory SQLite database (driver {@code org.sqlite.JDBC});</li>
 *   <li>{@code /unwrap}: unwraps a pooled connection to pgjdbc's {@code PGConnection};</li>
 *   <li>{@code /distinct/<word>}: a distinct SQL text per request (for the cardinality caps);</li>
 *   <li>{@code /remote}: calls this service's {@code /pause} through Spring's client request;</li>
 *   <li>{@code /heap}: full GC, then heap used in bytes.</li>
 * </ul>
 */
public final class ProbedServiceApp {

    static final int MAX_THREADS = 4;
    static final int RETIRING_IDLE_MILLIS = 50;
    static final long BURN_NANOS = 50_000_000L;
    static final String ROUTE_ATTRIBUTE = "org.springframework.web.servlet.HandlerMapping.bestMatchingPattern";

    /** The application's own Hikari metrics: the agent must wrap it, never replace it. */
    private static final CountingTrackerFactory OWN_TRACKER = new CountingTrackerFactory();
    private static final ScheduledExecutorService LATER = Executors.newSingleThreadScheduledExecutor();
    private static HikariDataSource pool;
    private static int port;

    private ProbedServiceApp() {
    }

    public static void main(String[] args) throws Exception {
        for (String arg : args) {
            if (arg.startsWith("load=")) {
                loadBroken(arg.substring("load=".length()));
            }
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl("jdbc:postgresql://127.0.0.1:5432/test");
        config.setUsername("postgres");
        config.setPoolName("probed");
        config.setMaximumPoolSize(1);
        config.setConnectionTimeout(60_000);
        config.setMetricsTrackerFactory(OWN_TRACKER);
        pool = new HikariDataSource(config);

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(Files.createTempDirectory("probed-service").toString());
        tomcat.setPort(0);
        tomcat.getConnector().setProperty("address", "127.0.0.1");
        tomcat.getConnector().setProperty("maxThreads", Integer.toString(MAX_THREADS));
        if (java.util.List.of(args).contains("virtual-threads")) {
            tomcat.getConnector().setProperty("useVirtualThreads", "true");
        }
        if (java.util.List.of(args).contains("retire-idle-workers")) {
            StandardThreadExecutor retiring = new StandardThreadExecutor();
            retiring.setName("retiring");
            retiring.setNamePrefix("retiring-exec-");
            retiring.setMaxThreads(MAX_THREADS);
            retiring.setMinSpareThreads(0);
            retiring.setMaxIdleTime(RETIRING_IDLE_MILLIS);
            tomcat.getService().addExecutor(retiring);
            tomcat.getConnector().getProtocolHandler().setExecutor(retiring);
        }
        Context context = tomcat.addContext("", null);
        route(context, "/sleep", (req, resp) -> pause(200));
        route(context, "/pause", (req, resp) -> pause(20));
        route(context, "/burn", (req, resp) -> burn());
        route(context, "/query", (req, resp) -> query("select pg_sleep(0.05), " + ThreadLocalRandom.current().nextInt(1_000_000)
                + " as n where 'literal-" + ThreadLocalRandom.current().nextInt(1000) + "' <> ''"));
        route(context, "/items/*", (req, resp) -> resp.getWriter().print("item"));
        route(context, "/orders/*", (req, resp) -> req.setAttribute(ROUTE_ATTRIBUTE, "/orders/{id}"));
        route(context, "/fail/*", (req, resp) -> {
            req.setAttribute(ROUTE_ATTRIBUTE, "/fail/{id}");
            resp.sendError(503);
        });
        // Like Spring Boot's BasicErrorController: the error page sets its own route.
        route(context, "/error", (req, resp) -> req.setAttribute(ROUTE_ATTRIBUTE, "/error"));
        ErrorPage errorPage = new ErrorPage();
        errorPage.setLocation("/error");
        context.addErrorPage(errorPage);
        route(context, "/async/*", (req, resp) -> {
            req.setAttribute(ROUTE_ATTRIBUTE, "/async/{id}");
            AsyncContext async = req.startAsync();
            LATER.schedule(() -> {
                ((HttpServletResponse) async.getResponse()).setStatus(202);
                async.complete();
            }, 100, TimeUnit.MILLISECONDS);
        }).setAsyncSupported(true);
        route(context, "/async-dispatch", (req, resp) -> {
            AsyncContext async = req.startAsync();
            LATER.schedule(() -> async.dispatch("/pause"), 100, TimeUnit.MILLISECONDS);
        }).setAsyncSupported(true);
        route(context, "/own-tracker", (req, resp) -> resp.getWriter().print(OWN_TRACKER.acquired.get()));
        route(context, "/unpooled", (req, resp) -> {
            try (Connection connection = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test", "postgres", "");
                 Statement statement = connection.createStatement()) {
                statement.executeQuery("select 'unpooled', 7").close();
            }
        });
        route(context, "/sqlite", (req, resp) -> {
            try (Connection connection = DriverManager.getConnection("jdbc:sqlite::memory:");
                 Statement statement = connection.createStatement()) {
                statement.executeQuery("select 'sqlite', 7, 8").close();
            }
        });
        route(context, "/unwrap", (req, resp) -> {
            try (Connection connection = pool.getConnection()) {
                resp.getWriter().print(connection.unwrap(PGConnection.class).getBackendPID() > 0);
            }
        });
        route(context, "/distinct/*", (req, resp) -> {
            String word = req.getPathInfo().substring(1);
            query("select 1 as " + word);
        });
        route(context, "/remote", (req, resp) -> resp.setStatus(callPause()));
        route(context, "/heap", (req, resp) -> resp.getWriter().print(heapAfterGc()));
        tomcat.start();
        port = tomcat.getConnector().getLocalPort();
        System.out.println("ready " + port);
    }

    /** Loads a class the test made unloadable (its super class is missing), as an app with an absent optional dependency would. */
    private static void loadBroken(String className) {
        try {
            Class.forName(className);
            System.out.println("loaded " + className);
        } catch (ClassNotFoundException | LinkageError expected) {
            System.out.println("could not load " + className + ": " + expected);
        }
    }

    private static Wrapper route(Context context, String pattern, Handler handler) {
        String name = "servlet" + pattern;
        Wrapper wrapper = Tomcat.addServlet(context, name, new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
                try {
                    handler.handle(req, resp);
                } catch (SQLException | InterruptedException e) {
                    throw new IOException(e);
                }
            }
        });
        context.addServletMappingDecoded(pattern, name);
        return wrapper;
    }

    private static void pause(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }

    /** Burns {@link #BURN_NANOS} of this thread's CPU; of wall time where CPU time is unreadable (virtual threads). */
    private static long burn() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpuReadable = threads.getCurrentThreadCpuTime() >= 0;
        long start = cpuReadable ? threads.getCurrentThreadCpuTime() : System.nanoTime();
        long x = 0;
        while ((cpuReadable ? threads.getCurrentThreadCpuTime() : System.nanoTime()) - start < BURN_NANOS) {
            for (int i = 0; i < 10_000; i++) {
                x += i * 31L ^ x;
            }
        }
        return x;
    }

    private static void query(String sql) throws SQLException {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
        }
    }

    private static int callPause() throws IOException {
        SimpleClientHttpRequestFactory factory = new SimpleClientHttpRequestFactory();
        try (ClientHttpResponse response = factory.createRequest(URI.create("http://127.0.0.1:" + port + "/pause"),
                HttpMethod.GET).execute()) {
            return response.getStatusCode().value();
        }
    }

    private static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /** Counts the acquisitions Hikari reports to the application's own tracker. */
    private static final class CountingTrackerFactory implements MetricsTrackerFactory {
        final AtomicLong acquired = new AtomicLong();

        @Override
        public IMetricsTracker create(String poolName, PoolStats poolStats) {
            return new IMetricsTracker() {
                @Override
                public void recordConnectionAcquiredNanos(long elapsedAcquiredNanos) {
                    acquired.incrementAndGet();
                }
            };
        }
    }

    @FunctionalInterface
    private interface Handler {
        void handle(HttpServletRequest req, HttpServletResponse resp) throws IOException, SQLException, InterruptedException;
    }
}
