package dev.chokepoint.examples.market.catalog;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Repository;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

@Repository
public class ProductRepository {

    static final RowMapper<Product> ROW = (rs, i) -> new Product(rs.getLong("id"), rs.getString("name"),
            rs.getInt("category"), rs.getBigDecimal("price"), rs.getInt("stock"));

    private final JdbcTemplate jdbc;

    public ProductRepository(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public List<Product> search(ProductQuery query) {
        StringBuilder sql = new StringBuilder("SELECT id, name, category, price, stock FROM products WHERE 1 = 1");
        List<Object> args = new ArrayList<>();
        if (query.category() != null) {
            sql.append(" AND category = ?");
            args.add(query.category());
        }
        if (query.minPrice() != null) {
            sql.append(" AND price >= ?");
            args.add(query.minPrice());
        }
        if (query.maxPrice() != null) {
            sql.append(" AND price <= ?");
            args.add(query.maxPrice());
        }
        if (query.text() != null && !query.text().isBlank()) {
            sql.append(" AND name LIKE ?");
            args.add("%" + query.text().strip() + "%");
        }
        sql.append(" ORDER BY price, id LIMIT ? OFFSET ?");
        args.add(query.size());
        args.add(query.page() * query.size());
        return jdbc.query(sql.toString(), ROW, args.toArray());
    }

    /** Cheapest products of a category: what a remote-ranked search shows first. */
    public List<Product> topOfCategory(int category, int limit) {
        return jdbc.query("SELECT id, name, category, price, stock FROM products WHERE category = ?"
                + " ORDER BY price, id LIMIT ?", ROW, category, limit);
    }

    public Optional<Product> byId(long id) {
        return jdbc.query("SELECT id, name, category, price, stock FROM products WHERE id = ?", ROW, id)
                .stream().findFirst();
    }
}
