package dev.chokepoint.collector.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * A load command for tests that needs nothing outside the JVM (hey is not on a fresh machine):
 * {@code HeyFormatStairs <dir> <url> <seconds> <rps>...} runs one step per rate against the URL,
 * paced at that rate, writing each step's requests as {@code hey -o csv} does
 * ({@code step-N.csv}) and the schedule a stairs script writes ({@code steps.csv}), the same files
 * the examples' hey stairs leave. Real HTTP requests, real latencies; not a load generator for
 * anything but tests (one thread, closed loop behind its pacing).
 */
public final class HeyFormatStairs {

    private HeyFormatStairs() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(Path.of(args[0]));
        URI url = URI.create(args[1]);
        long stepNanos = TimeUnit.SECONDS.toNanos(Long.parseLong(args[2]));
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        try (PrintWriter schedule = new PrintWriter(Files.newBufferedWriter(dir.resolve("steps.csv"), StandardCharsets.UTF_8))) {
            schedule.println("step,start_ms,end_ms,offered_rps,hey_csv");
            schedule.flush();
            for (int step = 1; step + 2 < args.length; step++) {
                int rps = Integer.parseInt(args[step + 2]);
                String csv = "step-" + step + ".csv";
                long startMillis = System.currentTimeMillis();
                runStep(http, url, rps, stepNanos, dir.resolve(csv));
                schedule.printf(Locale.ROOT, "%d,%d,%d,%d,%s%n", step, startMillis, System.currentTimeMillis(), rps, csv);
                schedule.flush(); // the collector follows the schedule as it grows, step by step
            }
        }
    }

    private static void runStep(HttpClient http, URI url, int rps, long stepNanos, Path csv)
            throws IOException, InterruptedException {
        long begin = System.nanoTime();
        long interval = TimeUnit.SECONDS.toNanos(1) / rps;
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(csv, StandardCharsets.UTF_8))) {
            out.println("response-time,DNS+dialup,DNS,Request-write,Response-delay,Response-read,status-code,offset");
            for (long next = begin; next - begin < stepNanos; next += interval) {
                // Pacing to the step's rate, as hey -q does; not a wait for a condition.
                TimeUnit.NANOSECONDS.sleep(Math.max(0, next - System.nanoTime()));
                long sent = System.nanoTime();
                int status;
                try {
                    status = http.send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(5)).build(),
                            HttpResponse.BodyHandlers.discarding()).statusCode();
                } catch (IOException e) {
                    continue; // hey leaves transport errors out of its CSV too
                }
                double seconds = (System.nanoTime() - sent) / 1e9;
                out.printf(Locale.ROOT, "%.4f,0.0000,0.0000,0.0000,%.4f,0.0000,%d,%.4f%n",
                        seconds, seconds, status, (sent - begin) / 1e9);
            }
        }
    }
}
