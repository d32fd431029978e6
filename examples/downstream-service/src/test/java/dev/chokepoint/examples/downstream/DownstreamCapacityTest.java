package dev.chokepoint.examples.downstream;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;

class DownstreamCapacityTest {

    /**
     * Given N handler threads and service time t, when many more than N clients call at once,
     * then throughput is about N / t: never above it (the pool is the limit) and not far below.
     * Measured as a ratio to N / t, so a slow machine changes nothing but the noise.
     */
    @Test
    void throughputTopsOutAtConcurrencyOverServiceTime() throws Exception {
        int concurrency = 2;
        long serviceTimeMs = 40;
        int requests = 40;
        try (DownstreamServer server = DownstreamServer.start(0, concurrency, serviceTimeMs)) {
            double seconds = timeConcurrentCalls(server.port(), requests, 16);
            double capacity = concurrency * 1000.0 / serviceTimeMs;
            double ratio = (requests / seconds) / capacity;
            assertThat(ratio).isBetween(0.5, 1.02);
        }
    }

    /**
     * Given twice the handler threads, when overloaded the same way, then about twice the
     * throughput (the bounds leave room for client overhead on a busy machine).
     */
    @Test
    void throughputScalesWithConcurrency() throws Exception {
        long serviceTimeMs = 80;
        int requests = 48;
        double narrow;
        double wide;
        try (DownstreamServer server = DownstreamServer.start(0, 2, serviceTimeMs)) {
            narrow = requests / timeConcurrentCalls(server.port(), requests, 16);
        }
        try (DownstreamServer server = DownstreamServer.start(0, 4, serviceTimeMs)) {
            wide = requests / timeConcurrentCalls(server.port(), requests, 16);
        }
        assertThat(wide / narrow).isBetween(1.3, 2.2);
    }

    /**
     * Given one client calling again and again on its kept-alive connection, then each answer takes
     * about the service time: not the service time plus the client's delayed ACK of the headers
     * (~40 ms on Linux while the server's socket waited for it under Nagle's algorithm: 2.3 times
     * a 30 ms service time before the server set TCP_NODELAY).
     */
    @Test
    void aKeptAliveConnectionAnswersInTheServiceTimeWithoutWaitingForAnAck() throws Exception {
        long serviceTimeMs = 30;
        try (DownstreamServer server = DownstreamServer.start(0, 1, serviceTimeMs)) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/embed?q=x")).build();
            List<Long> nanos = new ArrayList<>();
            for (int i = 0; i < 18; i++) {
                long start = System.nanoTime();
                assertThat(client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(200);
                nanos.add(System.nanoTime() - start);
            }
            // The first three open the connection and warm the JIT; the median of the rest.
            List<Long> kept = nanos.subList(3, nanos.size()).stream().sorted().toList();
            double ratio = kept.get(kept.size() / 2) / 1e6 / serviceTimeMs;
            assertThat(ratio).isBetween(0.9, 1.6);
        }
    }

    @Test
    void answersWithAVectorDerivedFromTheQuery() throws Exception {
        try (DownstreamServer server = DownstreamServer.start(0, 1, 0)) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + server.port() + "/embed?q=bike")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).startsWith("{\"vector\":[").isEqualTo(EmbeddingHandler.vectorFor("q=bike"));
        }
    }

    private static double timeConcurrentCalls(int port, int requests, int clients) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI uri = URI.create("http://127.0.0.1:" + port + "/embed?q=x");
        ExecutorService callers = Executors.newFixedThreadPool(clients);
        try {
            // Warm up the connections and the JIT so the timed part measures the server.
            client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding());
            long start = System.nanoTime();
            List<CompletableFuture<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                calls.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return client.send(HttpRequest.newBuilder(uri).build(),
                                HttpResponse.BodyHandlers.discarding()).statusCode();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, callers));
            }
            for (CompletableFuture<Integer> call : calls) {
                assertThat(call.get()).isEqualTo(200);
            }
            return (System.nanoTime() - start) / 1e9;
        } finally {
            callers.shutdownNow();
        }
    }
}
