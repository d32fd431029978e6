package dev.chokepoint.examples.market.recommendations;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param bulkheadPermits calls to the embedding server allowed at once (a semaphore bulkhead, as
 *                        Resilience4j's SemaphoreBulkhead keeps): with a 20 ms server at most
 *                        {@code permits × 1000 / 20} recommendations/s
 * @param bulkheadWaitMs  how long a request waits for a permit before it answers 503
 */
@ConfigurationProperties("market.recommendations")
public record RecommendationProperties(Integer bulkheadPermits, Integer bulkheadWaitMs) {

    public RecommendationProperties {
        bulkheadPermits = bulkheadPermits == null ? 25 : bulkheadPermits;
        bulkheadWaitMs = bulkheadWaitMs == null ? 10_000 : bulkheadWaitMs;
        if (bulkheadPermits < 1 || bulkheadWaitMs < 0) {
            throw new IllegalArgumentException("market.recommendations.bulkhead-permits must be >= 1 and bulkhead-wait-ms >= 0, got "
                    + bulkheadPermits + " and " + bulkheadWaitMs);
        }
    }
}
