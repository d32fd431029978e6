package dev.chokepoint.examples.market.search;

import dev.chokepoint.examples.market.catalog.ProductRepository;
import dev.chokepoint.examples.market.data.DataProperties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;

/** Each statement in its own short transaction: no connection is held during the remote call. */
@Service
@ConditionalOnProperty(name = "market.search.hold-connection", havingValue = "false", matchIfMissing = true)
public class ShortTransactionSearch extends SemanticSearch {

    public ShortTransactionSearch(EmbeddingClient embeddings, ProductRepository products, JdbcTemplate jdbc,
                                  DataProperties data) {
        super(embeddings, products, jdbc, data);
    }

    @Override
    public SearchResult search(String text) {
        return logEmbedAndList(text);
    }
}
