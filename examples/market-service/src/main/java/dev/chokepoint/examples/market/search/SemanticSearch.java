package dev.chokepoint.examples.market.search;

import dev.chokepoint.examples.market.catalog.ProductRepository;
import dev.chokepoint.examples.market.data.DataProperties;
import org.springframework.jdbc.core.JdbcTemplate;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/**
 * Search through the remote embedding service: log the query, embed it remotely, list the
 * products of the category the vector points to. The two subclasses differ only in where the
 * transaction is, which is the whole point of the held-connection scenario.
 */
public abstract class SemanticSearch {

    private final EmbeddingClient embeddings;
    private final ProductRepository products;
    private final JdbcTemplate jdbc;
    private final int categories;

    protected SemanticSearch(EmbeddingClient embeddings, ProductRepository products, JdbcTemplate jdbc,
                             DataProperties data) {
        this.embeddings = embeddings;
        this.products = products;
        this.jdbc = jdbc;
        this.categories = data.categories();
    }

    public abstract SearchResult search(String text);

    protected SearchResult logEmbedAndList(String text) {
        jdbc.update("INSERT INTO search_log (query, created_at) VALUES (?, ?)", text, Timestamp.from(Instant.now()));
        List<Double> vector = embeddings.embed(text);
        int category = (int) Math.min(categories - 1, Math.floor(Math.abs(vector.get(0)) * categories));
        return new SearchResult(text, category, products.topOfCategory(category, 10));
    }
}
