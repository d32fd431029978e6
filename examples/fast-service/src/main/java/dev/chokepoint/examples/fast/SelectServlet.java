package dev.chokepoint.examples.fast;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.sql.DataSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code GET /select}: one connection from the pool, one prepared SELECT, one row back. It needs
 * no table, so the service leaves nothing behind in the database.
 */
final class SelectServlet extends HttpServlet {

    static final String SELECT = "select ? + 1";

    private final transient DataSource pool;

    SelectServlet(DataSource pool) {
        this.pool = pool;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        int value = ThreadLocalRandom.current().nextInt(1_000_000);
        try (Connection connection = pool.getConnection();
             PreparedStatement statement = connection.prepareStatement(SELECT)) {
            statement.setInt(1, value);
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                response.setContentType("text/plain");
                response.getWriter().println(row.getInt(1));
            }
        } catch (SQLException e) {
            response.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE, "database: " + e.getMessage());
        }
    }
}
