package dev.chokepoint.examples.plain;

import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Confirmation mails go out through a mailer pool of plain JDK threads ({@code mailer-1},
 * {@code mailer-2}, …; {@link Executors#newFixedThreadPool} with its unbounded queue, no Spring),
 * and the request waits for the mail server's message id. Each mail reads the event from
 * PostgreSQL, then holds its thread for the SMTP round trip ({@code mailMillis}, a sleep), so the
 * pool sends at most threads × 1000 / mailMillis mails per second whatever the CPU: beyond that
 * every mail, and the request waiting for it, queues.
 */
final class ConfirmationMailer implements AutoCloseable {

    /** A mail that waited this long is reported as the mail server's failure (504), not waited for. */
    static final long TIMEOUT_MILLIS = 30_000;

    private final TicketStore store;
    private final long mailMillis;
    private final ExecutorService pool;
    private final AtomicInteger sent = new AtomicInteger();

    ConfirmationMailer(TicketStore store, int threads, long mailMillis) {
        this.store = store;
        this.mailMillis = mailMillis;
        AtomicInteger started = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(threads, task -> {
            Thread t = new Thread(task, "mailer-" + started.incrementAndGet());
            t.setDaemon(true);
            // Started from a request thread, it would inherit the web application's class loader
            // and Tomcat would report it as leaked at stop; the pool belongs to the service.
            t.setContextClassLoader(ConfirmationMailer.class.getClassLoader());
            return t;
        });
    }

    /** Sends the confirmation of {@code event}: its message id, or empty when there is no such event. */
    Optional<String> confirm(int event) throws SQLException, TimeoutException {
        Future<Optional<String>> receipt = pool.submit(() -> send(event));
        try {
            return receipt.get(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the mail server", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw new IllegalStateException("the mail failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            receipt.cancel(true);
            throw e;
        }
    }

    private Optional<String> send(int event) throws SQLException, InterruptedException {
        Optional<String> name = store.eventName(event);
        if (name.isEmpty()) {
            return Optional.empty();
        }
        if (mailMillis > 0) {
            Thread.sleep(mailMillis); // the SMTP round trip, a blocking conversation with the mail server
        }
        return Optional.of("<" + event + "." + sent.incrementAndGet() + "@tickets.example>");
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
