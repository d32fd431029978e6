package dev.chokepoint.agent.exposition;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;

import static org.assertj.core.api.Assertions.assertThat;

class MetricsEndpointTest {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final HttpClient http = HttpClient.newHttpClient();
    private MetricsEndpoint endpoint;
    private Thread serving;

    @BeforeEach
    void start() {
        registry.counter("scrapes.seen", "probe", "test").increment(3);
        endpoint = MetricsEndpoint.open("127.0.0.1", 0, registry, new PrintStream(err, true)).orElseThrow();
        serving = new Thread(endpoint::serve, "metrics-endpoint-test");
        serving.start();
    }

    @AfterEach
    void stop() throws InterruptedException {
        endpoint.close();
        serving.join(5_000);
        assertThat(serving.isAlive()).isFalse();
    }

    @Test
    void announcesItsUrlAndServesThePrometheusTextFormat() throws Exception {
        long before = System.currentTimeMillis();
        HttpResponse<String> response = get("/metrics", "text/plain");
        long after = System.currentTimeMillis();

        assertThat(Long.parseLong(response.headers().firstValue(Responses.READ_TIME_HEADER).orElseThrow()))
                .isBetween(before, after);
        assertThat(err.toString()).contains("chokepoint: metrics at http://127.0.0.1:" + endpoint.port() + "/metrics");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/plain; version=0.0.4");
        assertThat(response.body()).contains("scrapes_seen_total{probe=\"test\"} 3.0");
    }

    @Test
    void servesOpenMetricsWhenAskedForIt() throws Exception {
        HttpResponse<String> response = get("/metrics", "application/openmetrics-text; version=1.0.0,text/plain;q=0.5");

        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/openmetrics-text");
        assertThat(response.body()).contains("scrapes_seen_total{probe=\"test\"} 3.0").endsWith("# EOF\n");
    }

    @Test
    void gzipsTheBodyWhenTheScraperAcceptsIt() throws Exception {
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(uri("/metrics"))
                .header("Accept-Encoding", "gzip").build(), HttpResponse.BodyHandlers.ofByteArray());

        assertThat(response.headers().firstValue("Content-Encoding")).hasValue("gzip");
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(response.body()))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).contains("scrapes_seen_total");
        }
    }

    @Test
    void answersOtherPathsAndMethodsWithTheirStatus() throws Exception {
        assertThat(get("/", "").statusCode()).isEqualTo(200);
        assertThat(get("/other", "").statusCode()).isEqualTo(404);
        HttpResponse<String> post = http.send(HttpRequest.newBuilder(uri("/metrics"))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(405);
        HttpResponse<String> head = http.send(HttpRequest.newBuilder(uri("/metrics"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
    }

    @Test
    void aClientThatSendsGarbageGetsA400AndTheNextScrapeIsServed() throws Exception {
        try (Socket garbage = new Socket("127.0.0.1", endpoint.port())) {
            garbage.getOutputStream().write("hello\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            String answer = new String(garbage.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(answer).startsWith("HTTP/1.1 400 ");
        }
        assertThat(get("/metrics", "").statusCode()).isEqualTo(200);
    }

    @Test
    void aPortInUseCostsOneLineAndNoEndpoint() throws IOException {
        try (ServerSocket taken = new ServerSocket(0)) {
            ByteArrayOutputStream lines = new ByteArrayOutputStream();

            assertThat(MetricsEndpoint.open("127.0.0.1", taken.getLocalPort(), registry, new PrintStream(lines, true)))
                    .isEmpty();
            assertThat(lines.toString()).contains("port " + taken.getLocalPort() + " on 127.0.0.1 is in use");
        }
    }

    private HttpResponse<String> get(String path, String accept) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path));
        if (!accept.isEmpty()) {
            request.header("Accept", accept);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + endpoint.port() + path);
    }
}
