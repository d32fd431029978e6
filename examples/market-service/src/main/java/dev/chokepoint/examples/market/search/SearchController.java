package dev.chokepoint.examples.market.search;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class SearchController {

    private static final int MAX_QUERY = 200;

    private final SemanticSearch search;

    public SearchController(SemanticSearch search) {
        this.search = search;
    }

    @GetMapping("/search")
    public SearchResult search(@RequestParam String q) {
        if (q.isBlank() || q.length() > MAX_QUERY) {
            throw new IllegalArgumentException("q must be 1.." + MAX_QUERY + " characters");
        }
        return search.search(q);
    }
}
