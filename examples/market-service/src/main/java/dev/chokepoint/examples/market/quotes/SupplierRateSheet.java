package dev.chokepoint.examples.market.quotes;

import org.springframework.stereotype.Component;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The supplier's rate sheet, read through a legacy client that is not thread-safe, so every
 * lookup is serialized on one monitor (a pattern found in real services: a {@code synchronized}
 * around a shared, stateful client). Under load the request threads queue on the monitor
 * (BLOCKED), while CPU, the worker pool and the connection pool stay far from their limits.
 */
@Component
public class SupplierRateSheet {

    private final Object client = new Object();
    private final long lookupMillis;

    public SupplierRateSheet(QuoteProperties properties) {
        this.lookupMillis = properties.supplierLookupMs();
    }

    /** The supplier's markup for a category, from the rate sheet (one blocking lookup). */
    public BigDecimal markup(int category) {
        synchronized (client) {
            if (lookupMillis > 0) {
                try {
                    Thread.sleep(lookupMillis); // the legacy client's blocking round trip
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted during the supplier lookup", e);
                }
            }
            return BigDecimal.ONE.add(BigDecimal.valueOf(5 + category % 7, 2)).setScale(2, RoundingMode.UNNECESSARY);
        }
    }
}
