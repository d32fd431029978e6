package dev.chokepoint.examples.plain;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.RedisClient;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The real stack: embedded Tomcat on an ephemeral port, HikariCP, PostgreSQL at 127.0.0.1:5432,
 * Redis at 127.0.0.1:6379.
 */
class TicketServiceTest {

    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    static final String SCHEMA = "plain_test_" + ProcessHandle.current().pid();
    static TicketService service;

    @BeforeAll
    static void start() throws Exception {
        service = TicketService.start(TicketOptions.parse("--port", "0", "--schema", SCHEMA, "--locked-ms", "1",
                "--mail-ms", "1", "--redis", "127.0.0.1:6379", "--ranked-events", "100"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (service != null) {
            service.store().dropSchema();
            service.close();
            try (RedisClient redis = RedisClient.create("127.0.0.1", 6379)) {
                assertThat(redis.keys("plain:popular:" + SCHEMA + ":*")).as("the rankings are removed at stop").isEmpty();
            }
        }
    }

    @Test
    void concurrentRequestsGetDistinctConsecutiveTicketNumbers() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                answers.add(pool.submit(() -> get("/tickets?event=7")));
            }
            List<Long> numbers = new ArrayList<>();
            for (Future<HttpResponse<String>> answer : answers) {
                HttpResponse<String> response = answer.get();
                assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
                numbers.add(Long.parseLong(response.body().replaceAll(".*\"number\":(\\d+).*", "$1")));
            }
            assertThat(numbers).doesNotHaveDuplicates();
            assertThat(numbers.stream().mapToLong(Long::longValue).max().orElseThrow()
                    - numbers.stream().mapToLong(Long::longValue).min().orElseThrow()).isEqualTo(39);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anUnknownOrMalformedEventIsABadRequest() throws Exception {
        assertThat(get("/tickets?event=999").statusCode()).isEqualTo(400);
        assertThat(get("/tickets?event=x").body()).contains("event must be a number");
    }

    @Test
    void aConfirmationGoesThroughTheMailerAndAnswersItsMessageId() throws Exception {
        HttpResponse<String> first = get("/tickets/confirm?event=3");
        HttpResponse<String> second = get("/tickets/confirm?event=3");

        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
        assertThat(first.body()).matches("\\{\"event\":3,\"message\":\"<3\\.\\d+@tickets\\.example>\"}");
        assertThat(second.body()).isNotEqualTo(first.body());
        assertThat(get("/tickets/confirm?event=999").statusCode()).isEqualTo(400);
    }

    @Test
    void popularEventsAreTheTopTenOfTheBlendBestFirst() throws Exception {
        HttpResponse<String> response = get("/events/popular");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        List<Double> scores = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"event-\\d+=([0-9.]+)\"").matcher(response.body());
        while (m.find()) {
            scores.add(Double.parseDouble(m.group(1)));
        }
        assertThat(scores).hasSize(10).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        assertThat(get("/events/popular").body()).as("the same data every time").isEqualTo(response.body());
    }

    @Test
    void unknownOptionsAndBadNumbersAreRejected() {
        assertThatThrownBy(() -> TicketOptions.parse("--threads", "4")).hasMessageContaining("unknown option '--threads'");
        assertThatThrownBy(() -> TicketOptions.parse("--pool", "0")).hasMessageContaining("--pool must be a whole number >= 1");
        assertThatThrownBy(() -> TicketOptions.parse("--schema", "x;drop")).hasMessageContaining("--schema must be");
        assertThatThrownBy(() -> TicketOptions.parse("--redis", "6379")).hasMessageContaining("--redis must be HOST:PORT");
        assertThatThrownBy(() -> TicketOptions.parse("--mailer-threads", "0")).hasMessageContaining(">= 1");
        assertThatThrownBy(() -> TicketOptions.parse("--mail-ms")).hasMessageContaining("--mail-ms needs a value");
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + service.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
