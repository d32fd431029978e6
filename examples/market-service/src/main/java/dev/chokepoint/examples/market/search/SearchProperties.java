package dev.chokepoint.examples.market.search;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.net.URI;

/**
 * @param remoteUrl      base URL of the embedding service (examples/downstream-service)
 * @param holdConnection run the whole search in one transaction, so the connection is held
 *                       across the remote call (the held-connection scenario's @Transactional)
 * @param timeoutMs      connect and read timeout of the remote call
 */
@ConfigurationProperties("market.search")
public record SearchProperties(URI remoteUrl, Boolean holdConnection, Integer timeoutMs) {

    public SearchProperties {
        remoteUrl = remoteUrl == null ? URI.create("http://127.0.0.1:8091") : remoteUrl;
        holdConnection = holdConnection != null && holdConnection;
        timeoutMs = timeoutMs == null ? 10_000 : timeoutMs;
        if (timeoutMs < 1) {
            throw new IllegalArgumentException("market.search.timeout-ms must be >= 1, got " + timeoutMs);
        }
    }
}
