package dev.chokepoint.collector.scrape;

import com.sun.net.httpserver.HttpServer;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.RunMetadata;
import dev.chokepoint.collector.store.RunReader;
import dev.chokepoint.collector.store.RunWriter;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.store.Series;
import io.micrometer.core.instrument.Counter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class RecorderTest {

    private static final Duration INTERVAL = Duration.ofMillis(200);

    @TempDir
    Path dir;

    @Test
    void aTargetThatDiesAndRestartsIsRecordedAsSuchAndTheRunGoesOn() throws Exception {
        try (MetricsEndpoint endpoint = new MetricsEndpoint()) {
            URI never = deadTarget();
            Counter orders = Counter.builder("orders").register(endpoint.registry());
            orders.increment(40);
            AtomicInteger ticks = new AtomicInteger();
            List<URI> targets = List.of(endpoint.uri(), never);
            RunWriter writer = RunWriter.create(dir, RunMetadata.started(
                    targets.stream().map(URI::toString).toList(), System.currentTimeMillis(), INTERVAL.toMillis(),
                    List.of(), null, null));
            Recorder recorder = new Recorder(targets, INTERVAL, writer, (time, outcomes) -> ticks.incrementAndGet(),
                    System.err);

            // given a recording of a live target, then the target dies, then it restarts
            recorder.start();
            awaitRounds(recorder, 3);
            endpoint.kill();
            awaitRounds(recorder, 3);
            Counter.builder("orders").register(endpoint.restart()).increment(2);
            awaitRounds(recorder, 3);
            recorder.stop();
            writer.finish(RunReader.readMetadata(dir).ended(System.currentTimeMillis(), 0, false));

            // then every answered scrape is on disk, with the gap and the drop, and the events say why
            RunData run = RunReader.read(dir);
            Series counter = run.named("orders_total").get(0);
            // (a cold first scrape may time out on a busy machine, so no exact count of 40s)
            assertThat(counter.values()).startsWith(40).endsWith(2).containsOnly(40, 2);
            assertThat(counter.size()).isLessThan((int) recorder.rounds());
            assertThat(ticks.get()).isEqualTo((int) recorder.rounds());
            assertThat(run.named("jvm_threads_live_threads")).isEmpty();
            assertThat(kinds(run, endpoint.uri())).containsSubsequence(
                    ScrapeEvent.Kind.FAILED, ScrapeEvent.Kind.RECOVERED, ScrapeEvent.Kind.RESTART);
            assertThat(kinds(run, never)).isNotEmpty().containsOnly(ScrapeEvent.Kind.FAILED);
            assertThat(recorder.anyTargetAnswered(recorder.targetCount())).isTrue();
            assertThat(run.series()).allMatch(s -> s.key().target().equals(endpoint.uri().toString()));
            assertThat(run.named("orders_total", Map.of())).hasSize(1);
        }
    }

    @Test
    void aTargetThatNeverAnswersLeavesAnEmptyButReadableRun() throws Exception {
        URI never = deadTarget();
        RunWriter writer = RunWriter.create(dir, RunMetadata.started(List.of(never.toString()),
                System.currentTimeMillis(), INTERVAL.toMillis(), List.of(), null, null));
        Recorder recorder = new Recorder(List.of(never), INTERVAL, writer, (time, outcomes) -> { }, System.err);

        recorder.start();
        awaitRounds(recorder, 2);
        recorder.stop();
        writer.close();

        assertThat(recorder.anyTargetAnswered(recorder.targetCount())).isFalse();
        RunData run = RunReader.read(dir);
        assertThat(run.series()).isEmpty();
        // one event per change of failure, not per scrape (a busy machine may time out first)
        assertThat(run.events()).hasSizeLessThanOrEqualTo(3).allMatch(e -> e.kind() == ScrapeEvent.Kind.FAILED)
                .anyMatch(e -> e.detail().contains("connection refused"));
    }

    @Test
    void garbageAndSlowAnswersAreRecordedAsSuchAndTheRecordingGoesOn() throws Exception {
        AtomicInteger mode = new AtomicInteger(0);
        HttpServer server = serve(() -> {
            if (mode.get() == 2) {
                // slower than half the 1 s interval, faster than the round's 800 ms wait
                LockSupport.parkNanos(Duration.ofMillis(550).toNanos());
            }
            return mode.get() == 1 ? "<html>Service Unavailable</html>\n" : "up 1\n";
        });
        try {
            Recording recording = record(server, (time, outcomes) -> { });
            recording.recorder.start();
            awaitRounds(recording.recorder, 2);
            mode.set(1);
            awaitRounds(recording.recorder, 2);
            mode.set(2);
            awaitRounds(recording.recorder, 3);
            recording.stop();
        } finally {
            stop(server);
        }

        RunData run = RunReader.read(dir);
        assertThat(run.events()).filteredOn(e -> e.kind() == ScrapeEvent.Kind.FAILED)
                .anyMatch(e -> e.detail().startsWith("unparsable body, line 1: "));
        assertThat(run.events()).extracting(ScrapeEvent::kind)
                .contains(ScrapeEvent.Kind.RECOVERED, ScrapeEvent.Kind.SLOW);
        assertThat(run.named("up").get(0).size()).isGreaterThanOrEqualTo(4);
    }

    @Test
    void anAnswerLaterThanItsRoundIsStillRecordedAtTheMiddleOfItsScrape() throws Exception {
        // given a target that answers every scrape after 1.5 s (a saturated service's endpoint
        // thread queued for a core), scraped every second
        List<Long> answeredAt = new CopyOnWriteArrayList<>();
        HttpServer server = serve(() -> {
            LockSupport.parkNanos(Duration.ofMillis(1500).toNanos());
            answeredAt.add(System.currentTimeMillis());
            return "up 1\n";
        });
        AtomicInteger pendingTicks = new AtomicInteger();
        try {
            Recording recording = record(server,
                    (time, outcomes) -> pendingTicks.addAndGet(outcomes.get(0) == ScrapeOutcome.PENDING ? 1 : 0));
            recording.recorder.start();
            awaitRounds(recording.recorder, 6);
            recording.stop();
        } finally {
            stop(server);
        }

        // then the late answers are samples, not failures: one scrape in flight at a time, each
        // stamped at the middle of its scrape (this target does not say when it read), rounds
        // meanwhile pending
        RunData run = RunReader.read(dir);
        assertThat(run.events()).noneMatch(e -> e.kind() == ScrapeEvent.Kind.FAILED);
        long[] times = run.named("up").get(0).timesMillis();
        assertThat(times.length).isGreaterThanOrEqualTo(2);
        for (int i = 0; i < times.length; i++) {
            assertThat(answeredAt.get(i) - times[i]).isBetween(600L, 1000L);
        }
        assertThat(pendingTicks.get()).isPositive();
    }

    @Test
    void aSampleIsStampedWhenTheTargetSaysItReadItsMetersWithinTheScrapesOwnSpan() {
        long sent = 1_000_000;
        List<ParsedSample> none = List.of();
        // the agent read its meters 900 ms into a 1 s scrape (its thread waited for a core first)
        assertThat(Recorder.stamp(sent, ScrapeOutcome.success(none, 1000, sent + 900))).isEqualTo(sent + 900);
        // a target whose clock is off by minutes is kept inside the scrape
        assertThat(Recorder.stamp(sent, ScrapeOutcome.success(none, 1000, sent + 120_000))).isEqualTo(sent + 1000);
        assertThat(Recorder.stamp(sent, ScrapeOutcome.success(none, 1000, sent - 120_000))).isEqualTo(sent);
        // a target that does not say: the middle; a failure: when it was known
        assertThat(Recorder.stamp(sent, ScrapeOutcome.success(none, 1000))).isEqualTo(sent + 500);
        assertThat(Recorder.stamp(sent, ScrapeOutcome.failed("timed out", 3000))).isEqualTo(sent + 3000);
    }

    /** A loopback /metrics target answering 200 with what {@code answer} gives (it may wait first). */
    private static HttpServer serve(Supplier<String> answer) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.createContext("/metrics", exchange -> {
            byte[] body = answer.get().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return server;
    }

    private static void stop(HttpServer server) {
        server.stop(0);
        ((ExecutorService) server.getExecutor()).shutdownNow();
    }

    /** A recording of one target every second into the test's folder (not started). */
    private Recording record(HttpServer server, TickListener listener) throws IOException {
        URI target = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
        Duration interval = Duration.ofSeconds(1);
        RunWriter writer = RunWriter.create(dir, RunMetadata.started(List.of(target.toString()),
                System.currentTimeMillis(), interval.toMillis(), List.of(), null, null));
        return new Recording(writer, new Recorder(List.of(target), interval, writer, listener, System.err));
    }

    private record Recording(RunWriter writer, Recorder recorder) {
        void stop() throws IOException {
            recorder.stop();
            writer.close();
        }
    }

    /** Scrape rounds come on a timer; polling with a deadline keeps the test correct on a busy machine. */
    private static void awaitRounds(Recorder recorder, int more) {
        long target = recorder.rounds() + more;
        await().atMost(Duration.ofSeconds(20)).until(() -> recorder.rounds() >= target);
    }

    private static List<ScrapeEvent.Kind> kinds(RunData run, URI target) {
        return run.events().stream().filter(e -> e.target().equals(target.toString()))
                .map(ScrapeEvent::kind).toList();
    }

    /** A loopback port nobody listens on: connections are refused. */
    static URI deadTarget() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/metrics");
        }
    }
}
