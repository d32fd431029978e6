package dev.chokepoint.examples.plain;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import redis.clients.jedis.exceptions.JedisException;

import java.io.IOException;
import java.util.List;

/**
 * {@code GET /events/popular}: the ten most popular events from Redis; 503 when the service was
 * started without {@code --redis} or Redis failed.
 */
final class PopularEventsServlet extends HttpServlet {

    /** Null when the service runs without Redis. */
    private final transient PopularEvents events;

    PopularEventsServlet(PopularEvents events) {
        this.events = events;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (events == null) {
            JsonAnswer.send(response, 503, "{\"error\":\"started without --redis HOST:PORT\"}");
            return;
        }
        try {
            List<String> top = events.top();
            StringBuilder json = new StringBuilder("{\"popular\":[");
            for (int i = 0; i < top.size(); i++) {
                json.append(i > 0 ? "," : "").append('"').append(JsonAnswer.quoted(top.get(i))).append('"');
            }
            JsonAnswer.send(response, 200, json.append("]}").toString());
        } catch (JedisException e) {
            JsonAnswer.send(response, 503, "{\"error\":\"redis: " + JsonAnswer.quoted(e.getMessage()) + "\"}");
        }
    }
}
