package dev.chokepoint.examples.market.orders;

import dev.chokepoint.examples.market.data.SqlDialect;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The write path: one transaction per order (prices read, order and lines written). */
@Service
public class OrderService {

    private final JdbcTemplate jdbc;
    private final NamedParameterJdbcTemplate named;
    private final SqlDialect dialect;
    private final OrdersProperties properties;

    public OrderService(JdbcTemplate jdbc, SqlDialect dialect, OrdersProperties properties) {
        this.jdbc = jdbc;
        this.named = new NamedParameterJdbcTemplate(jdbc);
        this.dialect = dialect;
        this.properties = properties;
    }

    @Transactional
    public long place(OrderRequest request) {
        request.validate();
        if (properties.hotProductId() > 0) {
            // First in the transaction, so its row lock is held through the rest until the commit.
            jdbc.update("UPDATE products SET stock = stock - 1 WHERE id = ?", properties.hotProductId());
        }
        Map<Long, BigDecimal> prices = prices(request.lines());
        BigDecimal total = BigDecimal.ZERO;
        for (OrderRequest.Line line : request.lines()) {
            BigDecimal price = prices.get(line.productId());
            if (price == null) {
                throw new IllegalArgumentException("no product " + line.productId());
            }
            total = total.add(price.multiply(BigDecimal.valueOf(line.quantity())));
        }
        long orderId = insertOrder(request.customerId(), total);
        jdbc.batchUpdate("INSERT INTO order_lines (order_id, product_id, quantity, price) VALUES (?, ?, ?, ?)",
                request.lines(), request.lines().size(), (ps, line) -> {
                    ps.setLong(1, orderId);
                    ps.setLong(2, line.productId());
                    ps.setInt(3, line.quantity());
                    ps.setBigDecimal(4, prices.get(line.productId()));
                });
        if (properties.storageLatencyMs() > 0) {
            jdbc.query(dialect.waitStatement(), rs -> { }, properties.storageLatencyMs());
        }
        return orderId;
    }

    private Map<Long, BigDecimal> prices(List<OrderRequest.Line> lines) {
        Map<Long, BigDecimal> prices = new HashMap<>();
        named.query("SELECT id, price FROM products WHERE id IN (:ids)",
                new MapSqlParameterSource("ids", lines.stream().map(OrderRequest.Line::productId).distinct().toList()),
                rs -> {
                    prices.put(rs.getLong("id"), rs.getBigDecimal("price"));
                });
        return prices;
    }

    private long insertOrder(long customerId, BigDecimal total) {
        KeyHolder key = new GeneratedKeyHolder();
        jdbc.update(connection -> {
            PreparedStatement ps = connection.prepareStatement(
                    "INSERT INTO orders (customer_id, total, created_at) VALUES (?, ?, ?)", new String[] {"id"});
            ps.setLong(1, customerId);
            ps.setBigDecimal(2, total);
            ps.setTimestamp(3, Timestamp.from(Instant.now()));
            return ps;
        }, key);
        return key.getKey().longValue();
    }
}
