package dev.chokepoint.examples.market;

import org.junit.jupiter.api.AfterAll;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.sql.SQLException;

class MarketServiceOnMariaDbTest extends MarketServiceContract {

    static final String SCHEMA = TestDatabase.uniqueSchema();

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) throws IOException {
        databaseProperties(registry, TestDatabase.MARIADB, SCHEMA);
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDatabase.MARIADB.drop(SCHEMA);
    }
}
