package dev.chokepoint.agent.it;

import com.sun.net.httpserver.HttpServer;
import org.apache.commons.pool2.BasePooledObjectFactory;
import org.apache.commons.pool2.PooledObject;
import org.apache.commons.pool2.impl.DefaultPooledObject;
import org.apache.commons.pool2.impl.GenericObjectPool;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.io.entity.EntityUtils;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A service whose outbound pools saturate on command: an Apache HttpClient 5 client with
 * {@value #PER_ROUTE} connections per route calling a slow server of its own (the JDK's, on a
 * loopback port), and a commons-pool2 pool of {@value #POOL_MAX} objects. Prints
 * {@code ready <server port>}; reads one-letter commands from standard input:
 * <ul>
 *   <li>{@code s}: {@value #CALLERS} threads call the server at once and {@value #CALLERS} threads
 *       borrow from the pool; the server answers, and the borrowers return their objects, only
 *       after {@code r} (at most 60 s later), so both pools stay saturated while the test reads them;</li>
 *   <li>{@code r}: releases them; prints {@code done <calls> <borrows>} once all finished.</li>
 * </ul>
 */
public final class OutboundPoolsApp {

    static final int PER_ROUTE = 2;
    static final int POOL_MAX = 2;
    static final int CALLERS = 6;
    private static final long HOLD_SECONDS = 60;

    private static final CountDownLatch RELEASE = new CountDownLatch(1);

    private OutboundPoolsApp() {
    }

    public static void main(String[] args) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(CALLERS));
        server.createContext("/slow", exchange -> {
            hold();
            byte[] body = "slow".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        SearchClient search = new SearchClient("http://127.0.0.1:" + server.getAddress().getPort() + "/slow");
        SessionPool sessions = new SessionPool();
        System.out.println("ready " + server.getAddress().getPort());

        int command;
        while ((command = System.in.read()) >= 0) {
            if (command == 's') {
                saturate(search, sessions);
            } else if (command == 'r') {
                RELEASE.countDown();
            }
        }
    }

    private static void saturate(SearchClient search, SessionPool sessions) {
        ExecutorService callers = Executors.newFixedThreadPool(2 * CALLERS);
        AtomicInteger calls = new AtomicInteger();
        AtomicInteger borrows = new AtomicInteger();
        for (int i = 0; i < CALLERS; i++) {
            callers.execute(() -> {
                if (search.call()) {
                    calls.incrementAndGet();
                }
            });
            callers.execute(() -> {
                if (sessions.borrowAndHold()) {
                    borrows.incrementAndGet();
                }
            });
        }
        callers.shutdown();
        Thread reporter = new Thread(() -> {
            try {
                if (callers.awaitTermination(2 * HOLD_SECONDS, TimeUnit.SECONDS)) {
                    System.out.println("done " + calls.get() + " " + borrows.get());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        reporter.setDaemon(true);
        reporter.start();
    }

    private static void hold() {
        try {
            RELEASE.await(HOLD_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The application's HTTP client: its connection manager is named after this constructor. */
    static final class SearchClient {
        private final String url;
        private final CloseableHttpClient client;

        SearchClient(String url) {
            this.url = url;
            this.client = HttpClients.custom().setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                    .setMaxConnPerRoute(PER_ROUTE).setMaxConnTotal(20).build()).build();
        }

        boolean call() {
            try {
                return client.execute(new HttpGet(url), response -> {
                    EntityUtils.consume(response.getEntity());
                    return response.getCode() == 200;
                });
            } catch (IOException e) {
                System.out.println("call failed: " + e);
                return false;
            }
        }
    }

    /** The application's object pool (as Jedis's or DBCP2's would be). */
    static final class SessionPool {
        private final GenericObjectPool<Object> pool;

        SessionPool() {
            GenericObjectPoolConfig<Object> config = new GenericObjectPoolConfig<>();
            config.setMaxTotal(POOL_MAX);
            config.setMaxWait(Duration.ofSeconds(2 * HOLD_SECONDS));
            config.setJmxEnabled(false);
            pool = new GenericObjectPool<>(new BasePooledObjectFactory<>() {
                @Override
                public Object create() {
                    return new Object();
                }

                @Override
                public PooledObject<Object> wrap(Object session) {
                    return new DefaultPooledObject<>(session);
                }
            }, config);
        }

        boolean borrowAndHold() {
            try {
                Object session = pool.borrowObject();
                hold();
                pool.returnObject(session);
                return true;
            } catch (Exception e) {
                System.out.println("borrow failed: " + e);
                return false;
            }
        }
    }
}
