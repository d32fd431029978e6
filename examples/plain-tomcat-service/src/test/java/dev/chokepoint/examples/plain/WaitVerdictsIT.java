package dev.chokepoint.examples.plain;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.RedisClient;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The executor and downstream verdicts on a service not shaped like market-service, where they
 * were first built: no Spring, a mailer pool made with {@code Executors.newFixedThreadPool} and a
 * thread factory of its own, Redis through Jedis (blocking sockets) instead of Lettuce (NIO). The
 * collector's built-in stairs, one step well below each endpoint's bound and one well above:
 * <ul>
 * <li>{@code /tickets/confirm}: 2 mailer threads × 40 ms per mail, at most 50 mails/s (achieved
 *     47.5-49.5 at 100 RPS offered, load average 17-25); 10 and 100 RPS.</li>
 * <li>{@code /events/popular}: two 16 000-member rankings blended in Redis per request: 78-123 ms
 *     at the low step at load average 17-25 (Redis served 16.5-18.8 requests/s), 12.7 ms at load
 *     average 4 (83.5/s, so 90 RPS was only 8 % past it). 3 and 180 RPS: the low step stays below
 *     a quarter of the busy host's capacity, the high one is twice the quiet host's. Runs and
 *     numbers: docs/measurements.md.</li>
 * <li>{@code /events/seatmap}: a partner answering in 20 ms on 64 threads, through Apache
 *     HttpClient 5 with 2 connections per route: at most 100 calls/s; 10 and 200 RPS. No probe
 *     times the call (no Spring): only the agent's pool meters and its wait probe see it.</li>
 * </ul>
 * Steps of 11 s, the shortest a verdict can come from with a second to spare: the collector
 * judges a step from one 5 s window after its start (the first window still averages the previous
 * step) and the rules need 5 s of sustain; with 8 s steps both verdicts came out "unattributed".
 */
class WaitVerdictsIT {

    private static final String SCHEMA = "plain_waits_" + ProcessHandle.current().pid();
    private static final String STEP = "11s";

    private static ServiceUnderAgent service;
    private static HttpServer partner;
    private static Path work;

    @BeforeAll
    static void startTheServiceWithTheAgent() throws Exception {
        work = Files.createTempDirectory("wait-verdicts-it");
        partner = seatMapPartner();
        service = ServiceUnderAgent.start(work, "--schema", SCHEMA, "--mailer-threads", "2", "--mail-ms", "40",
                "--redis", "127.0.0.1:6379", "--ranked-events", "16000",
                "--seat-maps", "127.0.0.1:" + partner.getAddress().getPort(), "--seat-map-connections", "2");
    }

    /** The partner: 20 ms a seat map, 64 threads, so that it is never what limits. */
    private static HttpServer seatMapPartner() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        server.setExecutor(Executors.newFixedThreadPool(64));
        server.createContext("/seatmap", exchange -> {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = "A1-A40,B1-B40".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return server;
    }

    @AfterAll
    static void stopAndCleanUp() throws Exception {
        if (service != null) {
            service.close();
        }
        if (partner != null) {
            partner.stop(0);
            ((java.util.concurrent.ExecutorService) partner.getExecutor()).shutdownNow();
        }
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test", "postgres", "");
             Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
        }
        try (RedisClient redis = RedisClient.create("127.0.0.1", 6379)) {
            String prefix = "plain:popular:" + SCHEMA + ":";
            assertThat(redis.del(prefix + "weekly", prefix + "daily", prefix + "blend"))
                    .as("the service removed its rankings at stop").isZero();
        }
    }

    @Test
    void aMailerPoolTooSmallForTheStepIsTheExecutorNamedByItsThreads() throws Exception {
        JsonNode report = stairs("executor", "/tickets/confirm?event=1", "10,100");

        JsonNode high = highStepAfterANoneStep(report);
        assertThat(high.path("resource").asText()).as(report.path("headline").asText()).isEqualTo("executor");
        assertThat(high.path("name").asText()).isEqualTo("application executor mailer");
    }

    @Test
    void redisBusyThroughJedisIsTheDownstreamNamedByItsAddress() throws Exception {
        JsonNode report = stairs("redis", "/events/popular", "3,180");

        JsonNode high = highStepAfterANoneStep(report);
        assertThat(high.path("resource").asText()).as(report.path("headline").asText()).isEqualTo("downstream");
        assertThat(high.path("name").asText()).isEqualTo("downstream dependency 127.0.0.1:6379");
    }

    @Test
    void aClientPoolTooSmallForTheStepIsTheOutboundPoolNamedByItsRoute() throws Exception {
        JsonNode report = stairs("seatmap", "/events/seatmap?event=1", "10,200");

        JsonNode high = highStepAfterANoneStep(report);
        assertThat(high.path("resource").asText()).as(report.path("headline").asText()).isEqualTo("outbound-pool");
        assertThat(high.path("name").asText()).as(report.path("headline").asText())
                .isEqualTo("outbound pool HttpClient dev.chokepoint.examples.plain.SeatMaps.connect → 127.0.0.1:"
                        + partner.getAddress().getPort());
    }

    /** Checks that the low step saturated nothing, and answers the high step's first saturated resource. */
    private static JsonNode highStepAfterANoneStep(JsonNode report) {
        JsonNode steps = report.path("steps");
        assertThat(steps.get(0).path("firstSaturated").path("resource").asText()).as(report.path("headline").asText())
                .isEqualTo("none");
        return steps.get(1).path("firstSaturated");
    }

    /** {@code chokepoint run --stairs RATES} against {@code path}: its report, after checking it has both steps. */
    private static JsonNode stairs(String name, String path, String rates) throws Exception {
        Path out = work.resolve(name);
        CollectorRun r = CollectorRun.of(work, Map.of(), "run", "--target", service.metrics(), "--out", out.toString(),
                "--url", service.url(path), "--stairs", rates, "--step-duration", STEP);
        assertThat(r.exit()).as(r.output()).isZero();
        JsonNode report = CollectorRun.report(out);
        assertThat(report.path("steps")).as(r.output()).hasSize(2);
        return report;
    }
}
