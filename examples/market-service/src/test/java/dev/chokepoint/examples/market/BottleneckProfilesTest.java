package dev.chokepoint.examples.market;

import dev.chokepoint.examples.downstream.DownstreamServer;
import dev.chokepoint.examples.market.data.SchemaInitializer;
import dev.chokepoint.examples.market.search.HeldConnectionSearch;
import dev.chokepoint.examples.market.search.SemanticSearch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scenario profiles change behaviour through configuration only: slow-query removes the store
 * list's covering index, held-connection swaps in the search that holds its connection.
 */
@SpringBootTest(properties = {"market.data.stores=3000", "market.data.products=2000", "logging.level.root=warn"})
@ActiveProfiles({"slow-query", "held-connection"})
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class BottleneckProfilesTest {

    static final String SCHEMA = TestDatabase.uniqueSchema();
    static DownstreamServer downstream;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    SemanticSearch search;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) throws IOException {
        downstream = DownstreamServer.start(0, 2, 5);
        registry.add("market.db.schema", () -> SCHEMA);
        registry.add("market.search.remote-url", () -> "http://127.0.0.1:" + downstream.port());
    }

    @AfterAll
    static void cleanUp() throws SQLException {
        downstream.close();
        TestDatabase.POSTGRES.drop(SCHEMA);
    }

    @Test
    void slowQueryRunsTheStoreListWithoutItsCoveringIndex() {
        Integer indexes = jdbc.queryForObject("SELECT COUNT(*) FROM pg_indexes WHERE schemaname = ? AND indexname = ?",
                Integer.class, SCHEMA, SchemaInitializer.COVERING_INDEX);

        assertThat(indexes).isZero();
    }

    @Test
    void postgresScansTheStoresInOneBackendSoAPageCostsTheSameOnAnyCoreCount() {
        String options = jdbc.queryForObject("SELECT array_to_string(c.reloptions, ',') FROM pg_class c"
                + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relname = 'stores'",
                String.class, SCHEMA);

        assertThat(options).contains("parallel_workers=0");
    }

    @Test
    void heldConnectionSearchesInsideOneTransactionAndStillAnswers() {
        assertThat(search).isInstanceOf(HeldConnectionSearch.class);
        assertThat(search.search("lamp").products()).hasSize(10);
    }
}
