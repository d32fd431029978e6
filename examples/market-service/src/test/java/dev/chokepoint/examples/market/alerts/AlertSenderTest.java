package dev.chokepoint.examples.market.alerts;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The sender pool is the executor scenario's limit: callers queue behind its threads. */
class AlertSenderTest {

    @Test
    void callersQueueBehindTheSenderThreads() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try (AlertSender sender = new AlertSender(new AlertProperties(1, 30, 10_000))) {
            List<Future<String>> receipts = new ArrayList<>();
            long start = System.nanoTime();
            for (int i = 0; i < 4; i++) {
                long product = i;
                receipts.add(callers.submit(() -> sender.send(product, "price drop")));
            }
            for (Future<String> r : receipts) {
                assertThat(r.get()).startsWith("alert-");
            }
            // One sender thread, four 30 ms sends: the last caller waited for the three before it.
            assertThat((System.nanoTime() - start) / 1e6).isGreaterThanOrEqualTo(4 * 30);
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void aReceiptThatDoesNotComeInTimeIsATimeout() {
        try (AlertSender sender = new AlertSender(new AlertProperties(1, 2_000, 50))) {
            assertThatThrownBy(() -> sender.send(1, "slow")).isInstanceOf(AlertSender.AlertTimeoutException.class)
                    .hasMessageContaining("50 ms");
        }
    }
}
