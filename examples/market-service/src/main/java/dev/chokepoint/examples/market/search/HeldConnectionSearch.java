package dev.chokepoint.examples.market.search;

import dev.chokepoint.examples.market.catalog.ProductRepository;
import dev.chokepoint.examples.market.data.DataProperties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The reported mistake: {@code @Transactional} around the whole search, so the connection taken
 * for the first insert stays checked out while the remote call runs. Pool connections are then
 * busy for the remote service's latency, not for database work.
 */
@Service
@ConditionalOnProperty(name = "market.search.hold-connection", havingValue = "true")
public class HeldConnectionSearch extends SemanticSearch {

    public HeldConnectionSearch(EmbeddingClient embeddings, ProductRepository products, JdbcTemplate jdbc,
                                DataProperties data) {
        super(embeddings, products, jdbc, data);
    }

    @Override
    @Transactional
    public SearchResult search(String text) {
        return logEmbedAndList(text);
    }
}
