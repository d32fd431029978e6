package dev.chokepoint.examples.market.ingest;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param writeStallMs    how long each write transaction stalls inside the database (the heap
 *                        scenario's database stall; 0 = none)
 * @param batchesPerWrite received batches written per transaction
 * @param backlogLimit    batches kept in memory before the endpoint answers 503; deliberately far
 *                        above what the heap holds in the heap scenario, as in the report, where
 *                        the backlog was unbounded
 */
@ConfigurationProperties("market.ingest")
public record IngestProperties(Integer writeStallMs, Integer batchesPerWrite, Integer backlogLimit) {

    public IngestProperties {
        writeStallMs = writeStallMs == null ? 0 : writeStallMs;
        batchesPerWrite = batchesPerWrite == null ? 10 : batchesPerWrite;
        backlogLimit = backlogLimit == null ? 100_000 : backlogLimit;
        if (writeStallMs < 0 || batchesPerWrite < 1 || backlogLimit < 1) {
            throw new IllegalArgumentException("market.ingest: write-stall-ms must be >= 0, batches-per-write and"
                    + " backlog-limit >= 1; got " + writeStallMs + ", " + batchesPerWrite + ", " + backlogLimit);
        }
    }
}
