package dev.chokepoint.examples.market.ingest;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Received event batches waiting to be written. Each entry keeps the request body as received
 * (about 94 KB with the demo's body, like the reported 94 KB per queued request), so when the
 * database stalls the backlog, not the request count, is what grows the heap.
 */
@Component
public class IngestBacklog {

    private final BlockingQueue<byte[]> batches;

    public IngestBacklog(IngestProperties properties, MeterRegistry registry) {
        this.batches = new LinkedBlockingQueue<>(properties.backlogLimit());
        Gauge.builder("market.ingest.backlog", batches, BlockingQueue::size)
                .description("event batches received but not yet written")
                .register(registry);
    }

    boolean offer(byte[] batch) {
        return batches.offer(batch);
    }

    /** Waits up to the timeout for a first batch, then takes what else is there, up to max. */
    List<byte[]> take(int max, long timeout, TimeUnit unit, List<byte[]> into) throws InterruptedException {
        byte[] first = batches.poll(timeout, unit);
        if (first != null) {
            into.add(first);
            batches.drainTo(into, max - 1);
        }
        return into;
    }

    public int size() {
        return batches.size();
    }
}
