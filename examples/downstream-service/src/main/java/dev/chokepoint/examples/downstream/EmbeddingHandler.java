package dev.chokepoint.examples.downstream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Answers every request with a small embedding-like JSON vector derived from the query string.
 * The handler thread is held for the service time: that is the remote system's own work (the
 * thread being busy is what makes the capacity real; the sleep only sets how long it is busy).
 */
final class EmbeddingHandler implements HttpHandler {

    private static final int DIMENSIONS = 16;

    private final Duration serviceTime;

    EmbeddingHandler(Duration serviceTime) {
        this.serviceTime = serviceTime;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream body = exchange.getRequestBody()) {
            body.transferTo(OutputStream.nullOutputStream());
            try {
                Thread.sleep(serviceTime.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            byte[] response = vectorFor(exchange.getRequestURI().getRawQuery()).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, response.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(response);
            }
        }
    }

    /** Deterministic per query, so callers can use the vector (e.g. to pick a product category). */
    static String vectorFor(String query) {
        int seed = query == null ? 0 : query.hashCode();
        StringBuilder json = new StringBuilder("{\"vector\":[");
        for (int i = 0; i < DIMENSIONS; i++) {
            seed = seed * 1103515245 + 12345;
            if (i > 0) {
                json.append(',');
            }
            json.append(((seed >>> 16) & 0x7fff) / 32768.0);
        }
        return json.append("]}").toString();
    }
}
