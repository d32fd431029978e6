package dev.chokepoint.agent.it;

import com.sun.net.httpserver.HttpServer;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A service whose requests wait in the ways no library probe names: in its own JVM with the agent,
 * real embedded Tomcat (8 workers), the Redis at 127.0.0.1:6379 through Lettuce, and a real HTTP
 * server (the JDK's, in this process) called through the JDK {@code HttpClient}. Prints
 * {@code ready <port>}. Routes:
 * <ul>
 *   <li>{@code /monitor}: 20 ms inside {@code synchronized} on the one {@link Ledger};</li>
 *   <li>{@code /lock}: 20 ms holding one {@link ReentrantLock};</li>
 *   <li>{@code /executor}: hands 20 ms of work to a one-thread executor ({@code ledger-writer-N}
 *       threads) and waits for its {@code Future};</li>
 *   <li>{@code /redis}: SET and GET on Redis through Lettuce's synchronous API;</li>
 *   <li>{@code /http}: GET on the downstream HTTP server, which answers after 10 ms;</li>
 *   <li>{@code /untimed}: the same GET through {@code HttpURLConnection}, which no probe times: a
 *       blocking socket read on the request thread, as a client library without a probe (Jedis) makes;</li>
 *   <li>{@code /db}: a 20 ms statement on the PostgreSQL at 127.0.0.1:5432 (pgjdbc: blocking socket reads);</li>
 *   <li>{@code /bulkhead}: takes one of {@value #BULKHEAD_PERMITS} permits of a {@link Semaphore} and holds
 *       it 20 ms, as a bulkhead around a slow remote call does;</li>
 *   <li>{@code /pinned}: initializes a fresh copy of {@link SlowInit}, whose initializer sleeps 20 ms: a
 *       virtual thread that parks in a class initializer is pinned to its carrier (Java 24+ too).</li>
 * </ul>
 * With the argument {@code virtual-threads} Tomcat serves on virtual threads (Java 21+).
 */
public final class WaitServiceApp {

    static final int MAX_THREADS = 8;
    static final int BULKHEAD_PERMITS = 4;

    /** The monitor requests queue on; a class of its own so the lock tag names it. */
    static final class Ledger {
        private long entries;

        void append() throws InterruptedException {
            Thread.sleep(20);
            entries++;
        }
    }

    private static final Ledger LEDGER = new Ledger();
    private static final ReentrantLock BALANCE_LOCK = new ReentrantLock();
    private static final Semaphore BULKHEAD = new Semaphore(BULKHEAD_PERMITS);
    private static final AtomicInteger WRITER_THREADS = new AtomicInteger();
    private static final ThreadPoolExecutor WRITER = new ThreadPoolExecutor(1, 1, 60, TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(), task -> {
                Thread thread = new Thread(task, "ledger-writer-" + WRITER_THREADS.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private static RedisCommands<String, String> redis;
    private static URI downstream;

    private WaitServiceApp() {
    }

    public static void main(String[] args) throws Exception {
        RedisClient client = RedisClient.create("redis://127.0.0.1:6379");
        StatefulRedisConnection<String, String> connection = client.connect();
        redis = connection.sync();
        HttpServer server = downstreamServer();
        downstream = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/slow");

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(Files.createTempDirectory("wait-service").toString());
        tomcat.setPort(0);
        tomcat.getConnector().setProperty("address", "127.0.0.1");
        tomcat.getConnector().setProperty("maxThreads", Integer.toString(MAX_THREADS));
        if (java.util.List.of(args).contains("virtual-threads")) {
            tomcat.getConnector().setProperty("useVirtualThreads", "true");
        }
        Context context = tomcat.addContext("", null);
        route(context, "/monitor", WaitServiceApp::monitor);
        route(context, "/lock", WaitServiceApp::lock);
        route(context, "/executor", WaitServiceApp::executor);
        route(context, "/redis", WaitServiceApp::redis);
        route(context, "/http", WaitServiceApp::http);
        route(context, "/untimed", WaitServiceApp::untimed);
        route(context, "/db", WaitServiceApp::db);
        route(context, "/bulkhead", WaitServiceApp::bulkhead);
        route(context, "/pinned", WaitServiceApp::pinned);
        route(context, "/hello", () -> { });
        tomcat.start();
        System.out.println("downstream " + downstream);
        System.out.println("ready " + tomcat.getConnector().getLocalPort());
    }

    static void monitor() throws Exception {
        synchronized (LEDGER) {
            LEDGER.append();
        }
    }

    static void lock() throws Exception {
        BALANCE_LOCK.lock();
        try {
            Thread.sleep(20);
        } finally {
            BALANCE_LOCK.unlock();
        }
    }

    static void executor() throws Exception {
        try {
            WRITER.submit(() -> {
                Thread.sleep(20);
                return null;
            }).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IOException(e);
        }
    }

    static void bulkhead() throws InterruptedException {
        BULKHEAD.acquire();
        try {
            Thread.sleep(20);
        } finally {
            BULKHEAD.release();
        }
    }

    /** Sleeps in its initializer; loaded afresh (its own class loader) by every {@code /pinned} request. */
    public static final class SlowInit {
        static {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private SlowInit() {
        }
    }

    static void pinned() throws Exception {
        java.net.URL classes = SlowInit.class.getProtectionDomain().getCodeSource().getLocation();
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {classes}, null)) {
            Class.forName(SlowInit.class.getName(), true, loader);
        }
    }

    static void redis() {
        redis.set("chokepoint:wait-test", Long.toString(System.nanoTime()));
        redis.get("chokepoint:wait-test");
    }

    static void untimed() throws IOException {
        HttpURLConnection connection = (HttpURLConnection) downstream.toURL().openConnection();
        if (connection.getResponseCode() != 200) {
            throw new IOException("downstream answered " + connection.getResponseCode());
        }
        try (InputStream body = connection.getInputStream()) {
            body.readAllBytes(); // read to the end: the connection goes back to the keep-alive cache
        }
    }

    static void db() throws Exception {
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test", "postgres", "");
             Statement statement = connection.createStatement()) {
            statement.executeQuery("select pg_sleep(0.02)").close();
        }
    }

    static void http() throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(downstream).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("downstream answered " + response.statusCode());
        }
    }

    /**
     * The downstream HTTP server, on a free port below the kernel's ephemeral range (32768 and up
     * on Linux): the agent counts a remote port inside that range as an inbound client.
     */
    private static HttpServer downstreamServer() throws IOException {
        for (int attempt = 0; ; attempt++) {
            int port = 20_000 + ThreadLocalRandom.current().nextInt(10_000);
            try {
                HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
                server.createContext("/slow", exchange -> {
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    byte[] body = "ok".getBytes();
                    exchange.sendResponseHeaders(200, body.length);
                    try (OutputStream out = exchange.getResponseBody()) {
                        out.write(body);
                    }
                });
                server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
                server.start();
                return server;
            } catch (BindException taken) {
                if (attempt > 50) {
                    throw taken;
                }
            }
        }
    }

    private interface Handler {
        void handle() throws Exception;
    }

    private static void route(Context context, String pattern, Handler handler) {
        String name = "servlet" + pattern;
        Tomcat.addServlet(context, name, new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
                try {
                    handler.handle();
                    resp.getWriter().print(pattern.equals("/hello") ? "hello" : "ok");
                } catch (IOException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IOException(e);
                }
            }
        });
        context.addServletMappingDecoded(pattern, name);
    }
}
