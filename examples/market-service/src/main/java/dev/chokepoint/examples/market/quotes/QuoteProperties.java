package dev.chokepoint.examples.market.quotes;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param supplierLookupMs how long one lookup in the supplier's rate sheet blocks (the legacy
 *                         client's call), spent while holding the rate sheet's lock. 0 = none.
 *                         In the lock scenario it sets the capacity by count, not by CPU speed:
 *                         one lookup at a time, so at most 1000 / supplierLookupMs quotes/s.
 */
@ConfigurationProperties("market.quotes")
public record QuoteProperties(Integer supplierLookupMs) {

    public QuoteProperties {
        supplierLookupMs = supplierLookupMs == null ? 0 : supplierLookupMs;
        if (supplierLookupMs < 0) {
            throw new IllegalArgumentException("market.quotes.supplier-lookup-ms must be >= 0, got " + supplierLookupMs);
        }
    }
}
