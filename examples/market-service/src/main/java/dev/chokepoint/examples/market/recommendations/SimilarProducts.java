package dev.chokepoint.examples.market.recommendations;

import dev.chokepoint.examples.market.search.EmbeddingClient;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Service;

import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * "Customers also viewed": the product's embedding from the embedding server, behind a semaphore
 * bulkhead that protects the server from the service's own bursts. On virtual threads nothing
 * else bounds the calls (no worker pool, no connection pool: every request has a thread of its
 * own), so the bulkhead is the one limit: above {@code permits / server time} requests park in
 * {@link Semaphore#tryAcquire(long, TimeUnit)} while the server itself has capacity to spare.
 */
@Service
@Profile("vt-bulkhead")
public class SimilarProducts {

    private final EmbeddingClient embeddings;
    private final Semaphore bulkhead;
    private final long waitMillis;

    public SimilarProducts(EmbeddingClient embeddings, RecommendationProperties properties) {
        int java = Runtime.version().feature();
        if (java < 21) {
            // Spring Boot ignores spring.threads.virtual.enabled below 21 without a word, and on
            // 200 platform workers this profile would show another limit.
            throw new IllegalStateException("the vt-bulkhead profile serves requests on virtual threads, which need"
                    + " Java 21 or later; this is Java " + java + " (run-scenario.sh starts it on Java 25)");
        }
        this.embeddings = embeddings;
        // Fair, as Resilience4j's: waiters get permits in arrival order, none starves into a 503.
        this.bulkhead = new Semaphore(properties.bulkheadPermits(), true);
        this.waitMillis = properties.bulkheadWaitMs();
    }

    /** Three product ids near {@code productId} in the embedding space. */
    public List<Long> similarTo(long productId) {
        List<Double> vector;
        try {
            if (!bulkhead.tryAcquire(waitMillis, TimeUnit.MILLISECONDS)) {
                throw new BulkheadFullException("no permit for the embedding server within " + waitMillis + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a permit", e);
        }
        try {
            vector = embeddings.embed("product-" + productId);
        } finally {
            bulkhead.release();
        }
        return vector.stream().limit(3).map(v -> 1 + (long) (Math.abs(v) * 10_000)).toList();
    }

    /** The bulkhead stayed full for the whole wait: the request answers 503. */
    public static final class BulkheadFullException extends RuntimeException {
        BulkheadFullException(String message) {
            super(message);
        }
    }
}
