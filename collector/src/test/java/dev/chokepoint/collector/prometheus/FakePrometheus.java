package dev.chokepoint.collector.prometheus;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * A loopback HTTP server answering Prometheus API requests with whatever the test decides: the
 * failure cases (errors, gaps, nothing scraped) that a real Prometheus cannot be made to produce
 * on demand. The success path is tested against the real Prometheus in the fleet IT.
 */
public final class FakePrometheus implements AutoCloseable {

    /** A request's form: query, start, end, step (seconds, as Prometheus takes them). */
    public record Request(String path, Map<String, String> form) {
        public String query() {
            return form.get("query");
        }

        long startMillis() {
            return Math.round(Double.parseDouble(form.get("start")) * 1000);
        }

        long endMillis() {
            return Math.round(Double.parseDouble(form.get("end")) * 1000);
        }

        long stepMillis() {
            return Math.round(Double.parseDouble(form.get("step")) * 1000);
        }
    }

    /** Status and body. */
    public record Answer(int status, String body) {
    }

    private final HttpServer server;

    public FakePrometheus(Function<Request, Answer> answers) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Map<String, String> form = new HashMap<>();
            for (String pair : body.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    form.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
            Answer a = answers.apply(new Request(exchange.getRequestURI().getPath(), form));
            byte[] bytes = a.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(a.status(), bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void close() {
        server.stop(0);
    }

    /** A matrix answer: each series given as its labels and a value per evaluation time (null = no point). */
    public static String matrix(Request r, Map<Map<String, String>, Function<Long, Double>> series) {
        StringBuilder b = new StringBuilder("{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[");
        boolean firstSeries = true;
        for (var e : series.entrySet()) {
            b.append(firstSeries ? "" : ",").append("{\"metric\":{");
            firstSeries = false;
            boolean firstLabel = true;
            for (var l : e.getKey().entrySet()) {
                b.append(firstLabel ? "" : ",").append('"').append(l.getKey()).append("\":\"").append(l.getValue()).append('"');
                firstLabel = false;
            }
            b.append("},\"values\":[");
            boolean firstPoint = true;
            for (long t = r.startMillis(); t <= r.endMillis(); t += r.stepMillis()) {
                Double v = e.getValue().apply(t);
                if (v != null) {
                    b.append(firstPoint ? "" : ",").append('[').append(t / 1000.0).append(",\"").append(v).append("\"]");
                    firstPoint = false;
                }
            }
            b.append("]}");
        }
        return b.append("]}}").toString();
    }
}
