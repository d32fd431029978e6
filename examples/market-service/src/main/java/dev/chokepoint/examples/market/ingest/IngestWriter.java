package dev.chokepoint.examples.market.ingest;

import dev.chokepoint.examples.market.data.SqlDialect;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One background thread that writes the backlog to the database, a few batches per
 * transaction. Its rate is bounded by the database's write latency; when that stalls, the
 * backlog grows at the arrival rate minus this rate.
 */
@Component
public class IngestWriter implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(IngestWriter.class);

    private final IngestBacklog backlog;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final SqlDialect dialect;
    private final IngestProperties properties;
    private volatile Thread thread;

    public IngestWriter(IngestBacklog backlog, JdbcTemplate jdbc, TransactionTemplate transactions,
                        SqlDialect dialect, IngestProperties properties) {
        this.backlog = backlog;
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.dialect = dialect;
        this.properties = properties;
    }

    @Override
    public void start() {
        Thread writer = new Thread(this::run, "ingest-writer");
        writer.setDaemon(true);
        thread = writer;
        writer.start();
    }

    @Override
    public void stop() {
        Thread writer = thread;
        thread = null;
        if (writer != null) {
            writer.interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return thread != null;
    }

    private void run() {
        List<byte[]> batches = new ArrayList<>();
        while (thread == Thread.currentThread()) {
            try {
                batches.clear();
                backlog.take(properties.batchesPerWrite(), 200, TimeUnit.MILLISECONDS, batches);
                if (!batches.isEmpty()) {
                    write(batches);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // A failed write loses these batches, as the reported service did; the writer goes on.
                log.warn("ingest write of {} batches failed: {}", batches.size(), e.toString());
            }
        }
    }

    private void write(List<byte[]> batches) {
        Timestamp now = Timestamp.from(Instant.now());
        transactions.executeWithoutResult(status -> {
            jdbc.batchUpdate("INSERT INTO ingest_batches (events, bytes, received_at) VALUES (?, ?, ?)",
                    batches, batches.size(), (ps, batch) -> {
                        ps.setInt(1, countEvents(batch));
                        ps.setInt(2, batch.length);
                        ps.setTimestamp(3, now);
                    });
            if (properties.writeStallMs() > 0) {
                jdbc.query(dialect.waitStatement(), rs -> { }, properties.writeStallMs());
            }
        });
    }

    /** Events are the objects one level inside the batch's array: counted without parsing. */
    static int countEvents(byte[] batch) {
        int depth = 0;
        int events = 0;
        boolean inString = false;
        for (int i = 0; i < batch.length; i++) {
            byte b = batch[i];
            if (inString) {
                if (b == '\\') {
                    i++;
                } else if (b == '"') {
                    inString = false;
                }
            } else if (b == '"') {
                inString = true;
            } else if (b == '{' || b == '[') {
                if (b == '{' && depth == 1) {
                    events++;
                }
                depth++;
            } else if (b == '}' || b == ']') {
                depth--;
            }
        }
        return events;
    }
}
