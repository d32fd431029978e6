package dev.chokepoint.examples.market.catalog;

import java.math.BigDecimal;

/** The search form: every filter optional, paging bounded so one request cannot ask for everything. */
public record ProductQuery(String text, Integer category, BigDecimal minPrice, BigDecimal maxPrice, int page, int size) {

    static final int MAX_PAGE_SIZE = 100;

    public ProductQuery {
        if (page < 0) {
            throw new IllegalArgumentException("page must be >= 0, got " + page);
        }
        if (size < 1 || size > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("size must be 1.." + MAX_PAGE_SIZE + ", got " + size);
        }
    }
}
