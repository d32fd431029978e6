package dev.chokepoint.examples.market.orders;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param storageLatencyMs how long each order transaction waits inside the database before it
 *                         commits: the write latency of the reporters' production database
 *                         (replicated, disk-bound), which the local database lacks. It is what
 *                         makes a connection busy for tens of milliseconds per order without the
 *                         service spending CPU, so a 10-connection pool, not CPU, is the limit.
 */
@ConfigurationProperties("market.orders")
public record OrdersProperties(Integer storageLatencyMs) {

    public OrdersProperties {
        storageLatencyMs = storageLatencyMs == null ? 0 : storageLatencyMs;
        if (storageLatencyMs < 0) {
            throw new IllegalArgumentException("market.orders.storage-latency-ms must be >= 0, got " + storageLatencyMs);
        }
    }
}
