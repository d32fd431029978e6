package dev.chokepoint.examples.market.quotes;

import dev.chokepoint.examples.market.catalog.Product;
import dev.chokepoint.examples.market.catalog.ProductRepository;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Reseller quotes: the product from the catalogue (one short query, outside the lock), then the
 * supplier's markup from the rate sheet (serialized on its lock; the lock scenario's bottleneck).
 */
@RestController
public class QuoteController {

    private final ProductRepository products;
    private final SupplierRateSheet rateSheet;

    public QuoteController(ProductRepository products, SupplierRateSheet rateSheet) {
        this.products = products;
        this.rateSheet = rateSheet;
    }

    @GetMapping("/quotes")
    public Quote quote(@RequestParam long product) {
        Product p = products.byId(product)
                .orElseThrow(() -> new IllegalArgumentException("no product " + product));
        BigDecimal markup = rateSheet.markup(p.category());
        return new Quote(p.id(), p.name(), p.price(), markup, p.price().multiply(markup).setScale(2, RoundingMode.HALF_UP));
    }
}
