package dev.chokepoint.examples.market.data;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What the generated data looks like. The same seed and sizes give the same rows on every
 * database, so a scenario's numbers can be compared between runs and machines.
 *
 * @param seed          mixes into every generated column
 * @param stores        store rows (the slow-query scenario uses 900 000)
 * @param products      product rows
 * @param districts     districts the stores spread over
 * @param categories    product and store categories
 * @param coveringIndex whether the store list's covering index exists (off only in slow-query)
 */
@ConfigurationProperties("market.data")
public record DataProperties(
        Integer seed, Integer stores, Integer products, Integer districts, Integer categories,
        Boolean coveringIndex) {

    public DataProperties {
        seed = seed == null ? 42 : seed;
        stores = positive("market.data.stores", stores, 5_000);
        products = positive("market.data.products", products, 20_000);
        districts = positive("market.data.districts", districts, 40);
        categories = positive("market.data.categories", categories, 12);
        coveringIndex = coveringIndex == null || coveringIndex;
    }

    private static int positive(String name, Integer value, int fallback) {
        if (value == null) {
            return fallback;
        }
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, got " + value);
        }
        return value;
    }
}
