package dev.chokepoint.agent.tomcat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.core.StandardThreadExecutor;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.AbstractProtocol;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.Method;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The binder alone on a real embedded Tomcat: 4 workers, 16 clients blocked in the handler. */
class TomcatThreadPoolMetricsTest {

    private static final int MAX_THREADS = 4;
    private static final int CLIENTS = 16;

    private final CountDownLatch release = new CountDownLatch(1);
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private Tomcat tomcat;
    private TomcatThreadPoolMetrics metrics;

    /**
     * @param sharedExecutor the connector uses a {@code <Executor>} declared on the service
     *                       (StandardThreadExecutor) instead of its own pool
     */
    void startTomcat(boolean sharedExecutor) throws Exception {
        tomcat = new Tomcat();
        tomcat.setBaseDir(Files.createTempDirectory("tomcat-metrics").toString());
        tomcat.setPort(0);
        tomcat.getConnector().setProperty("address", "127.0.0.1");
        tomcat.getConnector().setProperty("maxThreads", Integer.toString(MAX_THREADS));
        if (sharedExecutor) {
            StandardThreadExecutor executor = new StandardThreadExecutor();
            executor.setName("shared");
            executor.setMaxThreads(MAX_THREADS);
            executor.setMinSpareThreads(MAX_THREADS);
            tomcat.getService().addExecutor(executor);
            tomcat.getConnector().getProtocolHandler().setExecutor(executor);
        }
        Context context = tomcat.addContext("", null);
        Tomcat.addServlet(context, "blocked", new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest req, HttpServletResponse resp) {
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                resp.setStatus(204);
            }
        });
        context.addServletMappingDecoded("/blocked", "blocked");
        tomcat.start();
        metrics = new TomcatThreadPoolMetrics(new ReflectiveEndpointView(endpointOf(tomcat)));
        metrics.bindTo(registry);
    }

    @AfterEach
    void stopTomcat() throws Exception {
        release.countDown();
        if (tomcat == null) {
            return;
        }
        tomcat.stop();
        tomcat.destroy();
    }

    @ParameterizedTest(name = "shared executor: {0}")
    @ValueSource(booleans = {false, true})
    void givenAllWorkersBlocked_thenBusyEqualsMaxAndRequestsQueue(boolean sharedExecutor) throws Exception {
        startTomcat(sharedExecutor);
        URI uri = URI.create("http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/blocked");
        List<CompletableFuture<HttpResponse<Void>>> calls = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            // A client per request: one HttpClient would multiplex onto fewer connections.
            calls.add(HttpClient.newHttpClient().sendAsync(HttpRequest.newBuilder(uri).build(),
                    HttpResponse.BodyHandlers.discarding()));
        }

        // Polled: the clients connect asynchronously, how fast depends on the shared machine.
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            assertThat(gauge("tomcat.threads.busy")).isEqualTo(MAX_THREADS);
            assertThat(gauge("chokepoint.tomcat.queue")).isGreaterThan(0);
            assertThat(gauge("tomcat.connections.current")).isGreaterThanOrEqualTo(CLIENTS);
        });
        assertThat(gauge("tomcat.threads.config.max")).isEqualTo(MAX_THREADS);
        assertThat(gauge("tomcat.threads.current")).isEqualTo(MAX_THREADS);
        assertThat(gauge("tomcat.connections.config.max")).isGreaterThanOrEqualTo(CLIENTS);

        release.countDown();
        calls.forEach(CompletableFuture::join);
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            assertThat(gauge("tomcat.threads.busy")).isZero();
            assertThat(gauge("chokepoint.tomcat.queue")).isZero();
        });
    }

    @Test
    void unbindRemovesTheSeries() throws Exception {
        startTomcat(false);
        metrics.unbind();

        assertThat(registry.find("tomcat.threads.busy").gauge()).isNull();
        assertThat(registry.getMeters()).isEmpty();
    }

    @Test
    void aStoppedEndpointReadsNanOrZeroAndNeverThrows() throws Exception {
        startTomcat(false);
        tomcat.stop();

        double busy = gauge("tomcat.threads.busy");
        assertThat(Double.isNaN(busy) || busy <= 0).as("busy after stop: %s", busy).isTrue();
        double queue = gauge("chokepoint.tomcat.queue");
        assertThat(Double.isNaN(queue) || queue == 0).as("queue after stop: %s", queue).isTrue();
    }

    private double gauge(String name) {
        return registry.get(name).tag("name", endpointName()).gauge().value();
    }

    private String endpointName() {
        return registry.get("tomcat.threads.config.max").gauge().getId().getTag("name");
    }

    /** Test-only reflection: the agent gets the endpoint from its advice, a test has to dig. */
    static Object endpointOf(Tomcat tomcat) throws ReflectiveOperationException {
        Method getEndpoint = AbstractProtocol.class.getDeclaredMethod("getEndpoint");
        getEndpoint.setAccessible(true);
        return getEndpoint.invoke(tomcat.getConnector().getProtocolHandler());
    }
}
