package dev.chokepoint.collector.prometheus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Prometheus's HTTP API ({@code /api/v1/query_range}, {@code /api/v1/query}): one request per call,
 * bounded by a timeout, every failure turned into a {@link PrometheusException} naming the server
 * and the query. Queries go as a form POST, which Prometheus accepts for both endpoints, because a
 * selector with a long name regex can pass the URL length limits of proxies in front of it.
 */
public final class PrometheusClient {

    /** One series of a matrix result: its labels (with {@code __name__}) and its points. */
    public record Matrix(java.util.Map<String, String> labels, long[] timesMillis, double[] values) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final Duration timeout;
    private final HttpClient http;

    public PrometheusClient(URI base, Duration timeout) {
        String b = base.toString();
        this.base = URI.create(b.endsWith("/") ? b : b + "/");
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    public URI base() {
        return base;
    }

    /** A range query evaluated every {@code stepMillis} from {@code startMillis} to {@code endMillis}. */
    public List<Matrix> queryRange(String query, long startMillis, long endMillis, long stepMillis)
            throws PrometheusException {
        JsonNode data = call("api/v1/query_range", "query=" + enc(query) + "&start=" + seconds(startMillis)
                + "&end=" + seconds(endMillis) + "&step=" + seconds(stepMillis), query);
        if (!"matrix".equals(data.path("resultType").asText())) {
            throw new PrometheusException("Prometheus at " + base + " answered a " + data.path("resultType").asText()
                    + " instead of a matrix for " + query);
        }
        List<Matrix> out = new ArrayList<>();
        for (JsonNode r : data.path("result")) {
            java.util.Map<String, String> labels = new java.util.TreeMap<>();
            r.path("metric").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asText()));
            JsonNode values = r.path("values");
            long[] t = new long[values.size()];
            double[] v = new double[values.size()];
            for (int i = 0; i < values.size(); i++) {
                t[i] = Math.round(values.get(i).get(0).asDouble() * 1000);
                v[i] = number(values.get(i).get(1).asText());
            }
            out.add(new Matrix(labels, t, v));
        }
        return out;
    }

    private JsonNode call(String path, String form, String query) throws PrometheusException {
        URI uri = base.resolve(path);
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (ConnectException e) {
            throw new PrometheusException("Prometheus at " + base + " is unreachable (connection refused); "
                    + "is it running, and is --prometheus its address?", e);
        } catch (HttpTimeoutException e) {
            throw new PrometheusException("Prometheus at " + base + " did not answer within " + timeout.toSeconds()
                    + " s (" + path + ")", e);
        } catch (IOException e) {
            throw new PrometheusException("Prometheus at " + base + " is unreachable: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PrometheusException("interrupted while reading from Prometheus at " + base, e);
        }
        JsonNode body;
        try {
            body = JSON.readTree(response.body());
        } catch (IOException e) {
            body = null;
        }
        if (response.statusCode() != 200 || body == null || !"success".equals(body.path("status").asText())) {
            String error = body == null ? abbreviate(response.body())
                    : body.path("errorType").asText("") + ": " + body.path("error").asText("");
            throw new PrometheusException("Prometheus at " + base + " answered HTTP " + response.statusCode()
                    + " to " + path + " for " + query + " (" + error + ")");
        }
        return body.path("data");
    }

    private static double number(String text) {
        return switch (text) {
            case "NaN" -> Double.NaN;
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    private static String seconds(long millis) {
        return java.math.BigDecimal.valueOf(millis, 3).toPlainString();
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String abbreviate(String s) {
        String t = s == null ? "" : s.strip();
        return t.length() > 200 ? t.substring(0, 200) + "…" : t;
    }
}
