package dev.chokepoint.examples.market.search;

import dev.chokepoint.examples.market.catalog.Product;

import java.util.List;

public record SearchResult(String query, int category, List<Product> products) {
}
