package dev.chokepoint.examples.market;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

/**
 * A schema of its own on one of the machine's databases, so tests never touch another run's
 * tables; dropped when the test class ends.
 */
enum TestDatabase {
    POSTGRES("jdbc:postgresql://127.0.0.1:5432/test", "postgres", "DROP SCHEMA IF EXISTS %s CASCADE"),
    MARIADB("jdbc:mariadb://127.0.0.1:3306/test", "root", "DROP DATABASE IF EXISTS %s");

    private final String adminUrl;
    private final String user;
    private final String drop;

    TestDatabase(String adminUrl, String user, String drop) {
        this.adminUrl = adminUrl;
        this.user = user;
        this.drop = drop;
    }

    static String uniqueSchema() {
        return "market_test_" + UUID.randomUUID().toString().substring(0, 8).toLowerCase(Locale.ROOT);
    }

    /** The profile that points the service at this database, or null for the default (PostgreSQL). */
    String profile() {
        return this == MARIADB ? "mariadb" : null;
    }

    void drop(String schema) throws SQLException {
        try (Connection connection = DriverManager.getConnection(adminUrl, user, "");
             Statement statement = connection.createStatement()) {
            statement.execute(String.format(drop, schema));
        }
    }
}
