package dev.chokepoint.agent.otlp;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback HTTP server that accepts OTLP/HTTP metric exports at {@code /v1/metrics} and keeps
 * what it received. Protobuf stores strings as raw UTF-8, so a metric name is findable in a body.
 */
public final class OtlpReceiver implements AutoCloseable {

    private final HttpServer server;
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final List<String> contentTypes = new CopyOnWriteArrayList<>();

    public OtlpReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/metrics", exchange -> {
            contentTypes.add(String.valueOf(exchange.getRequestHeaders().getFirst("Content-Type")));
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.ISO_8859_1));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1/metrics");
    }

    /** Whether any export so far mentioned {@code metricName}. */
    public boolean received(String metricName) {
        return bodies.stream().anyMatch(body -> body.contains(metricName));
    }

    public List<String> contentTypes() {
        return contentTypes;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
