package dev.chokepoint.agent.exposition;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;

/**
 * Serves the agent's registry at {@code http://host:port/metrics} (and {@code /}) in the format
 * the scraper asks for (Prometheus text or OpenMetrics, gzip when accepted), one connection at a
 * time on the one thread that calls {@link #serve}. Scrapes come seconds apart, so a thread per
 * connection (the JDK HTTP server's dispatcher, its two timer threads and the Prometheus client's
 * worker pool: four threads) buys nothing. A client that stalls is dropped after
 * {@link #CLIENT_TIMEOUT_MILLIS}; each answer closes its connection.
 *
 * <p>A port in use or an unresolvable host costs one stderr line and no endpoint; the
 * application runs on.
 */
public final class MetricsEndpoint {

    static final int CLIENT_TIMEOUT_MILLIS = 10_000;
    /** After a failed accept (e.g. no file descriptor left), so that the loop does not spin. */
    private static final long ACCEPT_RETRY_MILLIS = 100;

    private final ServerSocket socket;
    private final PrometheusMeterRegistry registry;
    private final ExpositionFormats formats = ExpositionFormats.init();

    private MetricsEndpoint(ServerSocket socket, PrometheusMeterRegistry registry) {
        this.socket = socket;
        this.registry = registry;
    }

    /** The bound endpoint, or empty after printing why there is none. */
    public static Optional<MetricsEndpoint> open(String host, int port, PrometheusMeterRegistry registry,
                                                 PrintStream err) {
        ServerSocket socket = null;
        try {
            socket = new ServerSocket();
            socket.bind(new InetSocketAddress(InetAddress.getByName(host), port));
            err.println("chokepoint: metrics at http://" + hostForUrl(host) + ":" + socket.getLocalPort() + "/metrics");
            return Optional.of(new MetricsEndpoint(socket, registry));
        } catch (BindException e) {
            err.println("chokepoint: port " + port + " on " + host + " is in use (or the address is not local), "
                    + "so there is no metrics endpoint; set port=<free port> or CHOKEPOINT_PORT");
        } catch (IOException | RuntimeException e) {
            err.println("chokepoint: no metrics endpoint on " + host + ":" + port + ": " + e
                    + "; set host=127.0.0.1 or CHOKEPOINT_HOST");
        }
        closeQuietly(socket);
        return Optional.empty();
    }

    public int port() {
        return socket.getLocalPort();
    }

    /** Answers scrapes on the calling thread until the socket is closed (for the agent: never). */
    public void serve() {
        while (!socket.isClosed()) {
            Socket client;
            try {
                client = socket.accept();
            } catch (IOException e) {
                pauseAfterFailedAccept();
                continue;
            }
            try (client) {
                client.setSoTimeout(CLIENT_TIMEOUT_MILLIS);
                answer(client);
            } catch (IOException | RuntimeException e) {
                // This connection failed (client gone, timed out, a registry error); serve the next.
            }
        }
    }

    /** Stops serving: {@link #serve} returns. */
    public void close() {
        closeQuietly(socket);
    }

    private void answer(Socket client) throws IOException {
        Optional<ScrapeRequest> request = ScrapeRequest.read(new BufferedInputStream(client.getInputStream()));
        OutputStream out = client.getOutputStream();
        if (request.isEmpty()) {
            respond(out, "400 Bad Request", "this is the chokepoint metrics endpoint: GET /metrics\n");
        } else if (!request.get().method.equals("GET") && !request.get().method.equals("HEAD")) {
            respond(out, "405 Method Not Allowed", "GET /metrics\n");
        } else if (!request.get().path.equals("/metrics") && !request.get().path.equals("/")) {
            respond(out, "404 Not Found", "the metrics are at /metrics\n");
        } else {
            scrape(out, request.get());
        }
    }

    private void scrape(OutputStream out, ScrapeRequest request) throws IOException {
        ExpositionFormatWriter writer = formats.findWriter(request.accept);
        ByteArrayOutputStream body = new ByteArrayOutputStream(64 * 1024);
        try (OutputStream encoded = request.gzip ? new GZIPOutputStream(body) : body) {
            writer.write(encoded, registry.getPrometheusRegistry().scrape());
        }
        String headers = "HTTP/1.1 200 OK\r\n"
                + "Content-Type: " + writer.getContentType() + "\r\n"
                + (request.gzip ? "Content-Encoding: gzip\r\n" : "")
                + "Content-Length: " + body.size() + "\r\n"
                + "Connection: close\r\n\r\n";
        out.write(headers.getBytes(StandardCharsets.ISO_8859_1));
        if (!request.method.equals("HEAD")) {
            body.writeTo(out);
        }
        out.flush();
    }

    private static void respond(OutputStream out, String status, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        String headers = "HTTP/1.1 " + status + "\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "Connection: close\r\n\r\n";
        out.write(headers.getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }

    private static void pauseAfterFailedAccept() {
        try {
            Thread.sleep(ACCEPT_RETRY_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(ServerSocket socket) {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
    }

    private static String hostForUrl(String host) {
        return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    }
}
