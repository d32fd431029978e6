package dev.chokepoint.examples.market.orders;

import java.util.List;

public record OrderRequest(long customerId, List<Line> lines) {

    static final int MAX_LINES = 50;

    public record Line(long productId, int quantity) {
    }

    void validate() {
        if (lines == null || lines.isEmpty() || lines.size() > MAX_LINES) {
            throw new IllegalArgumentException("an order needs 1.." + MAX_LINES + " lines");
        }
        for (Line line : lines) {
            if (line.quantity() < 1) {
                throw new IllegalArgumentException("quantity must be >= 1 (product " + line.productId() + ")");
            }
        }
    }
}
