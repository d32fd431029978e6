package dev.chokepoint.examples.market.orders;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param storageLatencyMs how long each order transaction waits inside the database before it
 *                         commits: the write latency of the reporters' production database
 *                         (replicated, disk-bound), which the local database lacks. It is what
 *                         makes a connection busy for tens of milliseconds per order without the
 *                         service spending CPU, so a 10-connection pool, not CPU, is the limit.
 * @param hotProductId     when above 0, every order takes one off this product's stock at the
 *                         start of its transaction (a hot row: a stock level, a counter), so its
 *                         row lock is held until the commit and orders queue for it inside the
 *                         database, one at a time; 0 (default) leaves stock alone.
 */
@ConfigurationProperties("market.orders")
public record OrdersProperties(Integer storageLatencyMs, Long hotProductId) {

    public OrdersProperties {
        storageLatencyMs = storageLatencyMs == null ? 0 : storageLatencyMs;
        hotProductId = hotProductId == null ? 0 : hotProductId;
        if (hotProductId < 0) {
            throw new IllegalArgumentException("market.orders.hot-product-id must be >= 0, got " + hotProductId);
        }
        if (storageLatencyMs < 0) {
            throw new IllegalArgumentException("market.orders.storage-latency-ms must be >= 0, got " + storageLatencyMs);
        }
    }
}
