package dev.chokepoint.collector.hostview;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * The host view served on loopback, on a port the system picks, so that the recorder scrapes it
 * like any target and the run folder keeps it beside the service's series: nothing of the store
 * or the reader knows it exists. Only this process scrapes it; it answers on one thread.
 */
public final class HostViewEndpoint implements AutoCloseable {

    private final HttpServer server;

    private HostViewEndpoint(HttpServer server) {
        this.server = server;
    }

    public static HostViewEndpoint start(HostView view) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/metrics", exchange -> answer(exchange, view));
        server.start();
        return new HostViewEndpoint(server);
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
    }

    private static void answer(HttpExchange exchange, HostView view) throws IOException {
        byte[] body;
        int status = 200;
        try {
            body = view.scrape(System.currentTimeMillis()).getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            body = ("host view failed: " + e).getBytes(StandardCharsets.UTF_8);
            status = 500;
        }
        exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
