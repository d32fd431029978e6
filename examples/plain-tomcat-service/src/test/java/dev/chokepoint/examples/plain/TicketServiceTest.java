package dev.chokepoint.examples.plain;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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

/** The real stack: embedded Tomcat on an ephemeral port, HikariCP, PostgreSQL at 127.0.0.1:5432. */
class TicketServiceTest {

    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    static TicketService service;

    @BeforeAll
    static void start() throws Exception {
        String schema = "plain_test_" + ProcessHandle.current().pid();
        service = TicketService.start(TicketOptions.parse("--port", "0", "--schema", schema, "--locked-ms", "1"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (service != null) {
            service.store().dropSchema();
            service.close();
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
    void unknownOptionsAndBadNumbersAreRejected() {
        assertThatThrownBy(() -> TicketOptions.parse("--threads", "4")).hasMessageContaining("unknown option '--threads'");
        assertThatThrownBy(() -> TicketOptions.parse("--pool", "0")).hasMessageContaining("--pool must be a whole number >= 1");
        assertThatThrownBy(() -> TicketOptions.parse("--schema", "x;drop")).hasMessageContaining("--schema must be");
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + service.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
