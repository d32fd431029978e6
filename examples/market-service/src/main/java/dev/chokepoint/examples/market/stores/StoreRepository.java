package dev.chokepoint.examples.market.stores;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

import java.util.List;

@Repository
public class StoreRepository {

    private final JdbcTemplate jdbc;

    public StoreRepository(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Best-rated stores of a district and category, one page. With the covering index this reads
     * one page of index entries; without it (slow-query) the database scans every store row to
     * find the few hundred that match and sort them: the reported "148 000 rows read to return a
     * page".
     */
    public List<Store> page(int district, int category, int page, int size) {
        return jdbc.query("SELECT id, name, district, category, rating FROM stores"
                        + " WHERE district = ? AND category = ? ORDER BY rating DESC, id DESC LIMIT ? OFFSET ?",
                (rs, i) -> new Store(rs.getLong("id"), rs.getString("name"), rs.getInt("district"),
                        rs.getInt("category"), rs.getBigDecimal("rating")),
                district, category, size, page * size);
    }
}
