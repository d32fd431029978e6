package dev.chokepoint.agent.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;

/**
 * A bounded closed-loop load: {@code clients} threads, each sending its share of a fixed number of
 * requests one after another, each client on its own connection. Runs in the background so a test
 * can scrape while it runs; {@link #await()} returns how many answers were not 2xx.
 */
final class ClosedLoopLoad {

    private final ExecutorService clients;
    private final CompletableFuture<?>[] done;
    private final AtomicInteger failures = new AtomicInteger();

    private ClosedLoopLoad(int clientCount) {
        this.clients = Executors.newFixedThreadPool(clientCount);
        this.done = new CompletableFuture<?>[clientCount];
    }

    /** Starts {@code total} requests to {@code base + path(i)}, i = 0 … total-1, over {@code clientCount} clients. */
    static ClosedLoopLoad start(URI base, int clientCount, int total, IntFunction<String> path) {
        return start(base, clientCount, 0, total, path);
    }

    /**
     * As {@link #start(URI, int, int, IntFunction)}, each client sending at most {@code perClientPerSecond}
     * requests a second (0: as fast as answered), on a schedule: a client that falls behind catches up
     * without pausing. Paced, the load leaves CPU free, so the service's threads are not preempted
     * while they hold a lock, as a saturated two-core machine does.
     */
    static ClosedLoopLoad start(URI base, int clientCount, int perClientPerSecond, int total, IntFunction<String> path) {
        ClosedLoopLoad load = new ClosedLoopLoad(clientCount);
        AtomicInteger next = new AtomicInteger();
        long period = perClientPerSecond == 0 ? 0 : 1_000_000_000L / perClientPerSecond;
        for (int c = 0; c < clientCount; c++) {
            load.done[c] = CompletableFuture.runAsync(() -> {
                HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
                long due = System.nanoTime();
                for (int i = next.getAndIncrement(); i < total && !Thread.currentThread().isInterrupted(); i = next.getAndIncrement()) {
                    LockSupport.parkNanos(due - System.nanoTime());
                    load.send(http, base.resolve(path.apply(i)));
                    due += period;
                }
            }, load.clients);
        }
        return load;
    }

    private void send(HttpClient http, URI uri) {
        try {
            HttpResponse<Void> response = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60)).build(),
                    HttpResponse.BodyHandlers.discarding());
            if (response.statusCode() / 100 != 2) {
                failures.incrementAndGet();
            }
        } catch (IOException e) {
            failures.incrementAndGet();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failures.incrementAndGet();
        }
    }

    /** Stops sending: the clients' threads are interrupted and their requests left unanswered. */
    void abort() {
        clients.shutdownNow();
    }

    /** Waits for every request to be answered; the number that failed. */
    int await() {
        try {
            CompletableFuture.allOf(done).join();
            return failures.get();
        } finally {
            clients.shutdownNow();
        }
    }
}
