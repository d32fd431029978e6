package dev.chokepoint.agent.it;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The agent outlives the application's {@link OutOfMemoryError}s: a request whose huge allocation
 * failed, and a heap filled to the last bytes (so that the agent's own thread cannot allocate
 * either) and then let go. Afterwards every scrape is answered and the probes still count.
 */
class OutOfMemoryIT {

    private static final String OUT_OF_HEAP_LINE = "chokepoint: the metrics endpoint ran out of heap while serving a scrape";
    private static final String THREAD_DIED = "chokepoint: agent thread failed";
    private static final int SCRAPES_AFTER = 10;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void everyScrapeIsAnsweredAfterTheServiceAndTheAgentRanOutOfHeap() {
        // A small heap fills in a moment; the serial collector makes "full" mean full.
        try (ForkedApp app = ForkedApp.of(HeapExhaustionApp.class).jvmArg("-Xmx48m").jvmArg("-XX:+UseSerialGC").start()) {
            String port = app.awaitStdoutValue("ready");
            assertThat(app.scrape().has("jvm_memory_used_bytes")).isTrue();

            // Given a request whose one huge allocation threw OutOfMemoryError on its thread,
            HttpResponse<String> huge = send(URI.create("http://127.0.0.1:" + port + "/huge"));
            assertThat(huge.statusCode()).as(app.describe()).isEqualTo(500);
            assertThat(huge.body()).contains("OutOfMemoryError");
            assertThat(app.scrape().has("jvm_memory_used_bytes")).isTrue();

            // and a heap so full that the agent's thread runs out of it when a scrape comes in:
            // scrapes fail (or wait in the backlog) until the agent says it ran out of heap,
            app.send("f");
            app.awaitStdout("full");
            URI metrics = app.metricsUri();
            // Polls because how many scrapes it takes depends on what the collector frees each time.
            await().atMost(ForkedApp.DEFAULT_WAIT).pollInterval(Duration.ofMillis(100)).until(() -> {
                tryGet(metrics);
                return app.stderr().contains(OUT_OF_HEAP_LINE) || app.stderr().contains(THREAD_DIED) || !app.isAlive();
            });
            assertThat(app.isAlive()).as(app.describe()).isTrue();
            assertThat(app.stderr()).as("the agent's thread died of the OutOfMemoryError").doesNotContain(THREAD_DIED);

            // when the application lets the heap go,
            app.send("r");
            app.awaitStdout("released");

            // then every scrape is answered,
            for (int i = 0; i < SCRAPES_AFTER; i++) {
                assertThat(app.scrape().has("jvm_memory_used_bytes")).as("scrape %d after the heap came back", i).isTrue();
            }
            // the probes still count (a collection after it shows in the GC pauses),
            double pauses = app.scrape().sum("jvm_gc_pause_seconds_count");
            app.send("g");
            app.awaitStdout("collected");
            // Polls: the GC notification reaches the meter on a JDK thread, a moment after the GC.
            await().atMost(ForkedApp.DEFAULT_WAIT).pollInterval(Duration.ofMillis(100))
                    .until(() -> app.scrape().sum("jvm_gc_pause_seconds_count") > pauses);
            // and the agent said so once; anything else it said is a probe that could not start
            // in the full heap and went off alone (JFR's stream starts in the background, a moment
            // after the application, so the wait probe may be the one that meets the OutOfMemoryError).
            assertThat(app.agentProblems()).as(app.describe()).filteredOn(l -> l.startsWith(OUT_OF_HEAP_LINE)).hasSize(1);
            assertThat(app.agentProblems()).as(app.describe()).allSatisfy(l -> assertThat(l)
                    .satisfiesAnyOf(x -> assertThat(x).startsWith(OUT_OF_HEAP_LINE), x -> assertThat(x).startsWith("chokepoint: probe ")));
        }
    }

    private HttpResponse<String> send(URI uri) {
        try {
            return get(uri, Duration.ofSeconds(30));
        } catch (IOException e) {
            throw new AssertionError("GET " + uri + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** A scrape that may fail while the heap is full: a closed connection or a time-out is expected. */
    private void tryGet(URI uri) {
        try {
            get(uri, Duration.ofSeconds(2));
        } catch (IOException e) {
            // expected while nothing in the service can allocate
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HttpResponse<String> get(URI uri, Duration timeout) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).timeout(timeout).build(), HttpResponse.BodyHandlers.ofString());
    }
}
