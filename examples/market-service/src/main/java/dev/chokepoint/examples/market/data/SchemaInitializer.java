package dev.chokepoint.examples.market.data;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Creates the schema idempotently and fills it with deterministic data before the web server
 * starts (an {@link InitializingBean} runs before Tomcat accepts requests, so the first request
 * never sees an empty table). The rows are generated inside the database from a row-number
 * series, so even the 900 000 stores of the slow-query scenario take a few seconds; they are
 * regenerated only when the seed or sizes changed since the last start.
 */
@Component
public class SchemaInitializer implements InitializingBean {

    public static final String COVERING_INDEX = "stores_district_category_rating";

    private static final Logger log = LoggerFactory.getLogger(SchemaInitializer.class);
    private static final Pattern SCHEMA_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");

    private final JdbcTemplate jdbc;
    private final SqlDialect dialect;
    private final DataProperties data;
    private final String schema;

    public SchemaInitializer(JdbcTemplate jdbc, SqlDialect dialect, DataProperties data,
                             @Value("${market.db.schema:market}") String schema) {
        if (!SCHEMA_NAME.matcher(schema).matches()) {
            throw new IllegalArgumentException("market.db.schema must be a plain SQL identifier, got '" + schema + "'");
        }
        this.jdbc = jdbc;
        this.dialect = dialect;
        this.data = data;
        this.schema = schema;
    }

    @Override
    public void afterPropertiesSet() {
        String createSchema = dialect.createSchema(schema);
        if (createSchema != null) {
            jdbc.execute(createSchema);
        }
        createTables();
        if (!dataIsCurrent()) {
            long start = System.nanoTime();
            generate();
            log.info("generated {} stores and {} products (seed {}) in {} ms", data.stores(), data.products(),
                    data.seed(), (System.nanoTime() - start) / 1_000_000);
        }
        for (String table : List.of("orders", "order_lines", "search_log", "ingest_batches")) {
            jdbc.execute("DELETE FROM " + table);
        }
        if (data.coveringIndex()) {
            jdbc.execute("CREATE INDEX IF NOT EXISTS " + COVERING_INDEX
                    + " ON stores (district, category, rating, id, name)");
        } else {
            jdbc.execute(dialect.dropIndex(COVERING_INDEX, "stores"));
            log.info("store list runs without its covering index ({}): every page scans the stores table",
                    COVERING_INDEX);
        }
        if (dialect == SqlDialect.POSTGRESQL) {
            // PostgreSQL splits a large scan over worker processes when cores look idle, so the
            // scan's latency would follow how many cores the neighbours leave free rather than the
            // rows it reads. In one backend its cost per row is the same on any machine shape,
            // which the slow-query stairs are sized on (MariaDB and H2 never scan in parallel).
            jdbc.execute("ALTER TABLE stores SET (parallel_workers = 0)");
        }
        jdbc.execute(dialect.analyze("stores"));
        jdbc.execute(dialect.analyze("products"));
    }

    private void createTables() {
        String identity = dialect.identityColumn();
        jdbc.execute("CREATE TABLE IF NOT EXISTS data_state (id INT PRIMARY KEY, seed INT NOT NULL,"
                + " stores INT NOT NULL, products INT NOT NULL, districts INT NOT NULL, categories INT NOT NULL)");
        jdbc.execute("CREATE TABLE IF NOT EXISTS products (id BIGINT PRIMARY KEY, name VARCHAR(80) NOT NULL,"
                + " category INT NOT NULL, price NUMERIC(10,2) NOT NULL, stock INT NOT NULL)");
        jdbc.execute("CREATE INDEX IF NOT EXISTS products_category_price ON products (category, price)");
        jdbc.execute("CREATE TABLE IF NOT EXISTS stores (id BIGINT PRIMARY KEY, name VARCHAR(80) NOT NULL,"
                + " district INT NOT NULL, category INT NOT NULL, rating NUMERIC(3,2) NOT NULL,"
                + " address VARCHAR(120) NOT NULL)");
        jdbc.execute("CREATE TABLE IF NOT EXISTS orders (id " + identity + ", customer_id BIGINT NOT NULL,"
                + " total NUMERIC(12,2) NOT NULL, created_at TIMESTAMP NOT NULL)");
        jdbc.execute("CREATE TABLE IF NOT EXISTS order_lines (order_id BIGINT NOT NULL, product_id BIGINT NOT NULL,"
                + " quantity INT NOT NULL, price NUMERIC(10,2) NOT NULL)");
        jdbc.execute("CREATE TABLE IF NOT EXISTS search_log (id " + identity + ", query VARCHAR(200) NOT NULL,"
                + " created_at TIMESTAMP NOT NULL)");
        jdbc.execute("CREATE TABLE IF NOT EXISTS ingest_batches (id " + identity + ", events INT NOT NULL,"
                + " bytes INT NOT NULL, received_at TIMESTAMP NOT NULL)");
        if (dialect == SqlDialect.H2) {
            jdbc.execute("CREATE ALIAS IF NOT EXISTS MARKET_SLEEP FOR 'java.lang.Thread.sleep'");
        }
    }

    private boolean dataIsCurrent() {
        List<Integer> matches = jdbc.queryForList(
                "SELECT 1 FROM data_state WHERE id = 1 AND seed = ? AND stores = ? AND products = ?"
                        + " AND districts = ? AND categories = ?",
                Integer.class, data.seed(), data.stores(), data.products(), data.districts(), data.categories());
        return !matches.isEmpty();
    }

    /**
     * Columns are arithmetic on the row number and the seed (no random source), so every
     * database produces the same rows. District and category use different mixes so that all
     * district × category pairs are populated.
     */
    private void generate() {
        int seed = data.seed();
        jdbc.execute("DELETE FROM data_state");
        jdbc.execute("DELETE FROM products");
        jdbc.execute("DELETE FROM stores");
        jdbc.execute("INSERT INTO products (id, name, category, price, stock)"
                + " SELECT n, CONCAT('Product ', n), MOD(n * 31 + " + seed + ", " + data.categories() + "),"
                + " MOD(n * 7919 + " + seed + ", 100000) / 100.0 + 1, MOD(n * 13 + " + seed + ", 500)"
                + " FROM " + dialect.rowNumbers(data.products()));
        jdbc.execute("INSERT INTO stores (id, name, district, category, rating, address)"
                + " SELECT n, CONCAT('Store ', n), MOD(n * 7919 + " + seed + ", " + data.districts() + "),"
                + " MOD(n + MOD(n * n + " + seed + ", 97), " + data.categories() + "),"
                + " MOD(n * 37 + " + seed + ", 500) / 100.0,"
                + " CONCAT(MOD(n * 17, 300) + 1, ' Market Street')"
                + " FROM " + dialect.rowNumbers(data.stores()));
        jdbc.update("INSERT INTO data_state (id, seed, stores, products, districts, categories) VALUES (1, ?, ?, ?, ?, ?)",
                seed, data.stores(), data.products(), data.districts(), data.categories());
    }
}
