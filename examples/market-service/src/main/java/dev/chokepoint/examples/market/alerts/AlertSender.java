package dev.chokepoint.examples.market.alerts;

import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.stereotype.Component;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Price alerts go to the push gateway through a small sender pool, as in the gateway whose sender
 * worker fell behind under load: a {@link ThreadPoolTaskExecutor} with a fixed number of threads
 * (named {@code alert-sender-N}) and Spring's default unbounded queue, so under load nothing is
 * rejected but every alert waits in the queue, and so does the request that waits for its receipt.
 * (The real one had a bounded queue that discarded the overflow, losing alerts silently.)
 */
@Component
public class AlertSender implements AutoCloseable {

    private final ThreadPoolTaskExecutor pool = new ThreadPoolTaskExecutor();
    private final long sendMillis;
    private final long timeoutMillis;

    public AlertSender(AlertProperties properties) {
        this.sendMillis = properties.sendMs();
        this.timeoutMillis = properties.timeoutMs();
        pool.setCorePoolSize(properties.senderThreads());
        pool.setMaxPoolSize(properties.senderThreads());
        pool.setThreadNamePrefix("alert-sender-");
        pool.setWaitForTasksToCompleteOnShutdown(false);
        pool.initialize();
    }

    /** Sends one alert and waits for the gateway's receipt (its id). */
    public String send(long productId, String text) {
        Future<String> receipt = pool.submit(() -> push(productId, text));
        try {
            return receipt.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the alert's receipt", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the push gateway failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            receipt.cancel(true);
            throw new AlertTimeoutException("no receipt for the alert within " + timeoutMillis + " ms");
        }
    }

    private String push(long productId, String text) throws InterruptedException {
        if (sendMillis > 0) {
            Thread.sleep(sendMillis); // the push gateway's blocking HTTP round trip
        }
        return "alert-" + productId + "-" + Integer.toHexString(text.hashCode());
    }

    @Override
    public void close() {
        pool.shutdown();
    }

    /** The receipt did not come in time: the request answers 504. */
    public static final class AlertTimeoutException extends RuntimeException {
        AlertTimeoutException(String message) {
            super(message);
        }
    }
}
