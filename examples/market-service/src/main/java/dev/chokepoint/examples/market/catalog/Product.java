package dev.chokepoint.examples.market.catalog;

import java.math.BigDecimal;

public record Product(long id, String name, int category, BigDecimal price, int stock) {
}
