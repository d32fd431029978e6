package dev.chokepoint.examples.market.stock;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param warehouseMs how long the warehouse's availability procedure keeps the connection busy
 *                    inside the database (the warehouse system's latency, which the local
 *                    database lacks). 0 = none. With a pool of N connections the stock check
 *                    answers at most {@code N × 1000 / warehouseMs} times a second, whatever the CPU.
 */
@ConfigurationProperties("market.stock")
public record StockProperties(Integer warehouseMs) {

    public StockProperties {
        warehouseMs = warehouseMs == null ? 0 : warehouseMs;
        if (warehouseMs < 0) {
            throw new IllegalArgumentException("market.stock.warehouse-ms must be >= 0, got " + warehouseMs);
        }
    }
}
