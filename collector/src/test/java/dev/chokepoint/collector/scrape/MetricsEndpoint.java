package dev.chokepoint.collector.scrape;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A real Micrometer {@link PrometheusMeterRegistry} served over HTTP on a loopback ephemeral port,
 * as an agent or Spring Boot Actuator would serve it. It can die and come back on the same port
 * with a fresh registry (a restarted target: its counters start from zero again).
 */
public final class MetricsEndpoint implements AutoCloseable {

    private final java.util.concurrent.atomic.AtomicInteger served = new java.util.concurrent.atomic.AtomicInteger();
    private PrometheusMeterRegistry registry;
    private HttpServer server;
    private int port;
    private boolean running;

    public MetricsEndpoint() throws IOException {
        registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        start(0);
    }

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** Scrapes answered so far: each must be in the recording. */
    public int served() {
        return served.get();
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + port + "/metrics");
    }

    /** The target process died: connections are refused from now on. */
    public synchronized void kill() {
        if (!running) {
            return;
        }
        running = false;
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }

    /** The target came back after a restart: same port, a registry whose counters start at zero. */
    public PrometheusMeterRegistry restart() throws IOException {
        registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        start(port);
        return registry;
    }

    /** A tiny application endpoint that times its requests as Spring would: load for a real load tool. */
    public URI app() {
        return URI.create("http://127.0.0.1:" + port + "/work");
    }

    private void start(int onPort) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), onPort), 0);
        server.createContext("/metrics", this::serve);
        server.createContext("/work", this::work);
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
        server.start();
        running = true;
        port = server.getAddress().getPort();
    }

    private void serve(HttpExchange exchange) throws IOException {
        String accept = exchange.getRequestHeaders().getFirst("Accept");
        String contentType = accept != null && accept.contains("application/openmetrics-text")
                ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
                : "text/plain; version=0.0.4; charset=utf-8";
        byte[] body = registry.scrape(contentType.substring(0, contentType.indexOf(';')))
                .getBytes(StandardCharsets.UTF_8);
        String encoding = exchange.getRequestHeaders().getFirst("Accept-Encoding");
        if (encoding != null && encoding.contains("gzip")) {
            // as the Prometheus Java client's HTTP server does
            java.io.ByteArrayOutputStream zipped = new java.io.ByteArrayOutputStream();
            try (OutputStream gzip = new java.util.zip.GZIPOutputStream(zipped)) {
                gzip.write(body);
            }
            body = zipped.toByteArray();
            exchange.getResponseHeaders().set("Content-Encoding", "gzip");
        }
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
        served.incrementAndGet();
    }

    private void work(HttpExchange exchange) throws IOException {
        long start = System.nanoTime();
        byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
        io.micrometer.core.instrument.Timer.builder("http.server.requests")
                .tags("method", "GET", "uri", "/work", "status", "200", "outcome", "SUCCESS")
                .serviceLevelObjectives(java.time.Duration.ofMillis(5), java.time.Duration.ofMillis(50),
                        java.time.Duration.ofMillis(300), java.time.Duration.ofSeconds(1))
                .register(registry).record(System.nanoTime() - start, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    @Override
    public void close() {
        kill();
        registry.close();
    }
}
