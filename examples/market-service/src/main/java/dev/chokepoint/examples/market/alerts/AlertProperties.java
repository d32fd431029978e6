package dev.chokepoint.examples.market.alerts;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param senderThreads threads of the alert sender pool (the executor scenario makes it too small)
 * @param sendMs        how long one send to the push gateway blocks (its HTTP round trip). 0 = none.
 *                      With {@code senderThreads} threads the sender delivers at most
 *                      {@code senderThreads × 1000 / sendMs} alerts/s, whatever the CPU.
 * @param timeoutMs     how long a request waits for its alert's receipt before answering 504
 */
@ConfigurationProperties("market.alerts")
public record AlertProperties(Integer senderThreads, Integer sendMs, Integer timeoutMs) {

    public AlertProperties {
        senderThreads = senderThreads == null ? 8 : senderThreads;
        sendMs = sendMs == null ? 0 : sendMs;
        timeoutMs = timeoutMs == null ? 30_000 : timeoutMs;
        if (senderThreads < 1) {
            throw new IllegalArgumentException("market.alerts.sender-threads must be >= 1, got " + senderThreads);
        }
        if (sendMs < 0 || timeoutMs < 1) {
            throw new IllegalArgumentException("market.alerts.send-ms must be >= 0 and market.alerts.timeout-ms >= 1, got "
                    + sendMs + " and " + timeoutMs);
        }
    }
}
