package dev.chokepoint.examples.market;

import dev.chokepoint.examples.downstream.DownstreamServer;
import dev.chokepoint.examples.market.recommendations.SimilarProducts;
import dev.chokepoint.examples.market.shipping.CarrierClient;
import dev.chokepoint.examples.market.stock.WarehouseStock;
import org.apache.commons.dbcp2.BasicDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import javax.sql.DataSource;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The issue-40 profiles, each started as run-scenario.sh starts it: object-pool really runs on
 * DBCP2 with its two connections (not HikariCP), http-pool's carrier client and vt-bulkhead's
 * bulkhead answer through the downstream service, and vt-bulkhead refuses a Java without virtual
 * threads rather than silently measuring platform workers.
 */
class OutboundLimitProfilesTest {

    static final String SCHEMA = TestDatabase.uniqueSchema();
    static DownstreamServer downstream;

    @BeforeAll
    static void startDownstream() throws IOException {
        downstream = DownstreamServer.start(0, 4, 5);
    }

    @AfterAll
    static void cleanUp() throws SQLException {
        downstream.close();
        TestDatabase.POSTGRES.drop(SCHEMA);
    }

    @Test
    void objectPoolRunsOnDbcp2WithTwoConnectionsAndAGenerousWait() {
        try (ConfigurableApplicationContext context = start("object-pool")) {
            DataSource dataSource = context.getBean(DataSource.class);

            assertThat(dataSource).isInstanceOf(BasicDataSource.class);
            BasicDataSource dbcp = (BasicDataSource) dataSource;
            assertThat(dbcp.getMaxTotal()).isEqualTo(2);
            assertThat(dbcp.getMaxWaitDuration()).isEqualTo(Duration.ofSeconds(30));
            assertThat(context.getBean(WarehouseStock.class).onHand(42).id()).isEqualTo(42);
        }
    }

    @Test
    void httpPoolQuotesThroughItsCarrierClient() {
        try (ConfigurableApplicationContext context = start("http-pool")) {
            assertThat(context.getBean(CarrierClient.class).rate("10115")).isPositive();
        }
    }

    @Test
    void vtBulkheadRecommendsThroughTheBulkheadOnJava21AndLater() {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need Java 21");
        try (ConfigurableApplicationContext context = start("vt-bulkhead")) {
            assertThat(context.getBean(SimilarProducts.class).similarTo(42)).hasSize(3);
        }
    }

    @Test
    void vtBulkheadRefusesAJavaWithoutVirtualThreads() {
        assumeTrue(Runtime.version().feature() < 21, "this Java has virtual threads");
        assertThatThrownBy(() -> start("vt-bulkhead").close())
                .hasStackTraceContaining("the vt-bulkhead profile serves requests on virtual threads, which need Java 21 or later");
    }

    private static ConfigurableApplicationContext start(String profile) {
        List<String> args = new ArrayList<>(List.of("--spring.profiles.active=" + profile, "--server.port=0",
                "--market.db.schema=" + SCHEMA, "--market.data.stores=100", "--market.data.products=100",
                "--market.search.remote-url=http://127.0.0.1:" + downstream.port(), "--logging.level.root=warn"));
        return SpringApplication.run(MarketApplication.class, args.toArray(String[]::new));
    }
}
