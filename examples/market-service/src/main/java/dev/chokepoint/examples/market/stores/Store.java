package dev.chokepoint.examples.market.stores;

import java.math.BigDecimal;

public record Store(long id, String name, int district, int category, BigDecimal rating) {
}
