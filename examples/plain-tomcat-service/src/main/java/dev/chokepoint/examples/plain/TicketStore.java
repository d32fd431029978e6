package dev.chokepoint.examples.plain;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Events and their ticket counters in PostgreSQL. Numbering is done the way many services do it:
 * one in-process lock, so that the number taken and the ticket "issued" (a slow step: rendering
 * and signing the ticket, here a sleep of {@code lockedMillis}) stay in order. The lock, not the
 * database or the pool, caps the throughput at about 1000 / lockedMillis tickets per second.
 */
final class TicketStore {

    static final int EVENTS = 50;

    private final DataSource dataSource;
    private final String schema;
    private final long lockedMillis;
    private final ReentrantLock numbering = new ReentrantLock();

    private TicketStore(DataSource dataSource, String schema, long lockedMillis) {
        this.dataSource = dataSource;
        this.schema = schema;
        this.lockedMillis = lockedMillis;
    }

    static TicketStore create(DataSource dataSource, String schema, long lockedMillis) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
            s.execute("CREATE TABLE IF NOT EXISTS " + schema + ".events (id INT PRIMARY KEY, name VARCHAR(60) NOT NULL,"
                    + " issued BIGINT NOT NULL)");
            s.execute("INSERT INTO " + schema + ".events (id, name, issued)"
                    + " SELECT g, 'Event ' || g, 0 FROM generate_series(1, " + EVENTS + ") g ON CONFLICT (id) DO NOTHING");
        }
        return new TicketStore(dataSource, schema, lockedMillis);
    }

    record Ticket(int event, String name, long number) {
    }

    /** The event's next ticket, or empty when there is no such event. */
    Optional<Ticket> issue(int event) throws SQLException {
        String name = eventName(event).orElse(null);
        if (name == null) {
            return Optional.empty();
        }
        numbering.lock();
        try {
            long number;
            try (Connection c = dataSource.getConnection();
                 PreparedStatement ps = c.prepareStatement("UPDATE " + schema + ".events SET issued = issued + 1"
                         + " WHERE id = ? RETURNING issued")) {
                ps.setInt(1, event);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    number = rs.getLong(1);
                }
            }
            render();
            return Optional.of(new Ticket(event, name, number));
        } finally {
            numbering.unlock();
        }
    }

    /** The event's name, or empty when there is no such event. */
    Optional<String> eventName(int event) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT name FROM " + schema + ".events WHERE id = ?")) {
            ps.setInt(1, event);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    /** Rendering and signing the ticket: time spent holding the lock, off the CPU. */
    private void render() {
        if (lockedMillis > 0) {
            try {
                Thread.sleep(lockedMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    void dropSchema() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }
}
