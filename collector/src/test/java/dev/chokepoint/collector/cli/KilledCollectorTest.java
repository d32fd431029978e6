package dev.chokepoint.collector.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.chokepoint.collector.Main;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.RunReader;
import dev.chokepoint.collector.store.Series;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * kill -9 on a real collector process at seeded random points of a recording: what it leaves is
 * read as far as it reached the disk, every value as the target served it, and the report of that
 * folder says where the recording ends and judges only the steps it holds whole: never a death,
 * a restart or a step after the kill. The target replays the recorded pool run, one scrape of it
 * per scrape, ten times faster (100 ms apart), with the replayed scrape's number as a gauge so each
 * recorded value can be checked against what was served.
 */
class KilledCollectorTest {

    private static final long SEED = 45;
    private static final int KILLS = 20;
    /** Collectors at once: the machine is shared; four bound the test's time without starving the scrapes. */
    private static final int PARALLEL = 4;
    private static final long INTERVAL_MILLIS = 100;
    private static final String SLICE = "replay_slice";

    @TempDir
    Path dir;

    @Test
    void aCollectorKilledAnywhereLeavesAFolderThatReadsAndReportsWhatItRecorded() throws Exception {
        Replay replay = Replay.of(Path.of(getClass().getClassLoader().getResource("recorded/pool-ci").toURI()));
        Random random = new Random(SEED);
        List<long[]> points = new ArrayList<>(); // {kill after start (0) or after the first scrape (1), delay ms}
        for (int i = 0; i < KILLS; i++) {
            points.add(i % 4 == 0 ? new long[] {0, random.nextInt(1500)} : new long[] {1, 1000 + random.nextInt(6500)});
        }
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
        List<Future<String>> outcomes = new ArrayList<>();
        for (int i = 0; i < KILLS; i++) {
            int k = i;
            outcomes.add(pool.submit(() -> killAndAnalyze(replay, dir.resolve("kill-" + k), points.get(k))));
        }
        Map<String, Integer> counts = new HashMap<>();
        for (Future<String> f : outcomes) {
            counts.merge(f.get(), 1, Integer::sum);
        }
        pool.shutdown();
        // Read in the build log: how the kills ended.
        System.out.println("killed collectors: " + counts);
        assertThat(counts.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(KILLS);
    }

    /** One kill; says how it ended: "no folder", "nothing recorded", "partial" (some steps judged) or "whole". */
    private String killAndAnalyze(Replay replay, Path base, long[] point) throws Exception {
        Files.createDirectories(base);
        Path run = base.resolve("run");
        try (Replay.Endpoint endpoint = replay.serve()) {
            Process collector = fork(base.resolve("collector.log"), "record", "--target", endpoint.uri(), "--out",
                    run.toString(), "--interval", INTERVAL_MILLIS + "ms", "--duration", "120s");
            try {
                if (point[0] == 1) {
                    // the JVM starts at its own pace: poll with a deadline for its first scrape
                    await().atMost(Duration.ofSeconds(60)).until(() -> endpoint.served() >= 1);
                }
                // Not waiting for a condition: the kill lands at a random point of the recording, by design.
                Thread.sleep(point[1]);
            } finally {
                collector.destroyForcibly(); // SIGKILL: no shutdown hook, no flush, no gzip trailer
                collector.waitFor();
            }
            Path steps = base.resolve("steps.csv");
            Files.writeString(steps, replay.schedule(endpoint.firstServedMillis()));
            CapturedConsole console = new CapturedConsole();
            int code = Main.execute(console.console(), "analyze", run.toString(), "--steps-file", steps.toString(),
                    "--format", "json");
            if (!Files.exists(run.resolve("run.json"))) {
                assertThat(code).as(console.err()).isEqualTo(ExitCodes.BAD_INPUT);
                assertThat(console.err()).contains("not a chokepoint run folder");
                return "no folder";
            }
            assertThat(code).as(console.err()).isEqualTo(ExitCodes.OK);
            assertThat(console.out()).as("killed %s ms after %s", point[1], point[0] == 0 ? "start" : "the first scrape")
                    .startsWith("The recording ends at ").contains("killed");

            replay.assertServedValues(RunReader.read(run));
            JsonNode report = new ObjectMapper().readTree(run.resolve("report.json").toFile());
            long end = report.path("recording").path("endMillis").asLong();
            assertThat(end).as("recording.endMillis").isPositive();
            for (JsonNode step : report.get("steps")) {
                assertThat(step.get("endMillis").asLong()).isLessThan(end);
                step.path("limit").path("symptoms").forEach(x -> assertThat(x.get("kind").asText())
                        .isNotIn("stopped-answering", "restarted"));
            }
            return report.get("steps").isEmpty() ? "nothing recorded"
                    : report.path("recording").path("notRecorded").isEmpty() ? "whole" : "partial";
        }
    }

    /** The real collector: a JVM of its own, so SIGKILL takes it as it would in production. */
    private static Process fork(Path log, String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(
                List.of(java, "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                        Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The pool run's scrapes of its one target, in order, as Prometheus text; and its steps. */
    private record Replay(List<String> texts, List<Map<String, Double>> values, long[] times, String steps) {

        static Replay of(Path recorded) throws IOException {
            RunData run = RunReader.read(recorded);
            TreeSet<Long> times = new TreeSet<>();
            run.series().forEach(s -> java.util.Arrays.stream(s.timesMillis()).forEach(times::add));
            long[] at = times.stream().mapToLong(Long::longValue).toArray();
            List<String> texts = new ArrayList<>();
            List<Map<String, Double>> values = new ArrayList<>();
            for (int k = 0; k < at.length; k++) {
                StringBuilder text = new StringBuilder(SLICE + " " + k + "\n");
                Map<String, Double> slice = new HashMap<>();
                for (Series s : run.series()) {
                    int i = java.util.Arrays.binarySearch(s.timesMillis(), at[k]);
                    if (i >= 0) {
                        String name = s.key().name() + labels(s.key().labels());
                        text.append(name).append(' ').append(number(s.values()[i])).append('\n');
                        slice.put(name, s.values()[i]);
                    }
                }
                texts.add(text.toString());
                values.add(slice);
            }
            return new Replay(texts, values, at, Files.readString(recorded.resolve("steps.csv")));
        }

        /** The pool run's steps, ten times faster, from when the first scrape was served. */
        String schedule(long firstServed) {
            StringBuilder out = new StringBuilder("step,start_ms,end_ms,offered_rps\n");
            steps.lines().skip(1).forEach(line -> {
                String[] f = line.split(",");
                out.append(f[0]).append(',').append(faster(Long.parseLong(f[1]), firstServed)).append(',')
                        .append(faster(Long.parseLong(f[2]), firstServed)).append(',').append(f[3]).append('\n');
            });
            return out.toString();
        }

        private long faster(long original, long firstServed) {
            return firstServed + (original - times[0]) * INTERVAL_MILLIS / 1000;
        }

        /** Every value read back is the one served in the same scrape: nothing invented, nothing shifted. */
        void assertServedValues(RunData run) {
            List<Series> slice = run.named(SLICE);
            if (slice.isEmpty()) {
                return;
            }
            Map<String, Series> byName = new HashMap<>();
            run.series().forEach(s -> byName.put(s.key().name() + labels(s.key().labels()), s));
            Series index = slice.get(0);
            for (int j = 0; j < index.size(); j++) {
                long t = index.timesMillis()[j];
                Map<String, Double> served = values.get((int) index.values()[j]);
                served.forEach((name, value) -> {
                    Series s = byName.get(name);
                    assertThat(s).as(name).isNotNull();
                    int i = java.util.Arrays.binarySearch(s.timesMillis(), t);
                    assertThat(i).as("%s at %d", name, t).isNotNegative();
                    assertThat(s.values()[i]).as("%s at %d", name, t).isEqualTo(value);
                });
            }
        }

        private static String labels(Map<String, String> labels) {
            if (labels.isEmpty()) {
                return "";
            }
            List<String> out = new ArrayList<>();
            labels.forEach((k, v) -> out.add(k + "=\"" + v.replace("\\", "\\\\").replace("\"", "\\\"")
                    .replace("\n", "\\n") + "\""));
            return "{" + String.join(",", out) + "}";
        }

        private static String number(double v) {
            return Double.isNaN(v) ? "NaN" : Double.isInfinite(v) ? (v > 0 ? "+Inf" : "-Inf") : Double.toString(v);
        }

        Endpoint serve() throws IOException {
            return new Endpoint(this);
        }

        /** Serves the next scrape of the replay at each request (the last one again once they are all served). */
        static final class Endpoint implements AutoCloseable {
            private final HttpServer server;
            private final AtomicInteger served = new AtomicInteger();
            private final AtomicLong first = new AtomicLong();

            Endpoint(Replay replay) throws IOException {
                server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
                server.createContext("/metrics", exchange -> {
                    int k = Math.min(served.getAndIncrement(), replay.texts().size() - 1);
                    first.compareAndSet(0, System.currentTimeMillis());
                    byte[] body = replay.texts().get(k).getBytes(StandardCharsets.UTF_8);
                    exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4");
                    exchange.sendResponseHeaders(200, body.length);
                    try (OutputStream out = exchange.getResponseBody()) {
                        out.write(body);
                    }
                });
                server.start();
            }

            String uri() {
                return "http://127.0.0.1:" + server.getAddress().getPort() + "/metrics";
            }

            int served() {
                return served.get();
            }

            /** When the first scrape was served; now when none was (the steps then lie ahead of the kill). */
            long firstServedMillis() {
                long t = first.get();
                return t == 0 ? System.currentTimeMillis() : t;
            }

            @Override
            public void close() {
                server.stop(0);
            }
        }
    }
}
