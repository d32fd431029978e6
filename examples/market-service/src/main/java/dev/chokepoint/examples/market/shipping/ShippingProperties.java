package dev.chokepoint.examples.market.shipping;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.net.URI;

/**
 * @param carrierUrl      base URL of the carrier's rating API (examples/downstream-service)
 * @param connectionsPerRoute pooled connections to the carrier, per route and in total: the
 *                        http-pool scenario keeps HttpClient 4's old default of 2, so at most
 *                        {@code 2 × 1000 / carrier ms} quotes/s however fast the carrier answers
 * @param timeoutMs       how long a call waits for a pooled connection, and then to connect and
 *                        for the answer
 */
@ConfigurationProperties("market.shipping")
public record ShippingProperties(URI carrierUrl, Integer connectionsPerRoute, Integer timeoutMs) {

    public ShippingProperties {
        carrierUrl = carrierUrl == null ? URI.create("http://127.0.0.1:8091") : carrierUrl;
        connectionsPerRoute = connectionsPerRoute == null ? 5 : connectionsPerRoute;
        timeoutMs = timeoutMs == null ? 10_000 : timeoutMs;
        if (connectionsPerRoute < 1 || timeoutMs < 1) {
            throw new IllegalArgumentException("market.shipping.connections-per-route and market.shipping.timeout-ms must be >= 1, got "
                    + connectionsPerRoute + " and " + timeoutMs);
        }
    }
}
