package dev.chokepoint.examples.market.quotes;

import java.math.BigDecimal;

/** A product's price to a reseller: the catalogue price times the supplier's markup. */
public record Quote(long productId, String name, BigDecimal listPrice, BigDecimal markup, BigDecimal price) {
}
