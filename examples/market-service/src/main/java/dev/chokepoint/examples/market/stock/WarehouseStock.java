package dev.chokepoint.examples.market.stock;

import dev.chokepoint.examples.market.catalog.Product;
import dev.chokepoint.examples.market.catalog.ProductRepository;
import dev.chokepoint.examples.market.data.SqlDialect;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Stock on hand: the product's stock row, then the warehouse's availability procedure (reserved
 * and in-transit units), in one transaction so both read the same moment. The transaction holds
 * one pooled connection for the procedure's time; in the object-pool scenario that pool is DBCP2's
 * (a commons-pool2 pool of two connections), so requests queue in its borrow while the database
 * has capacity to spare.
 */
@Service
public class WarehouseStock {

    private final ProductRepository products;
    private final JdbcTemplate jdbc;
    private final SqlDialect dialect;
    private final StockProperties properties;

    public WarehouseStock(ProductRepository products, JdbcTemplate jdbc, SqlDialect dialect, StockProperties properties) {
        this.products = products;
        this.jdbc = jdbc;
        this.dialect = dialect;
        this.properties = properties;
    }

    @Transactional
    public Product onHand(long productId) {
        Product product = products.byId(productId)
                .orElseThrow(() -> new IllegalArgumentException("no product " + productId));
        if (properties.warehouseMs() > 0) {
            // Stands in for the warehouse procedure: one statement busy in the database that long.
            jdbc.query(dialect.waitStatement(), rs -> { }, properties.warehouseMs());
        }
        return product;
    }
}
