package dev.chokepoint.examples.market.catalog;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.math.BigDecimal;
import java.util.List;

/** Product search with filters and paging (the catalogue pages of the reports). */
@RestController
public class ProductController {

    private final ProductRepository products;

    public ProductController(ProductRepository products) {
        this.products = products;
    }

    @GetMapping("/products")
    public List<Product> search(@RequestParam(required = false) String q,
                                @RequestParam(required = false) Integer category,
                                @RequestParam(required = false) BigDecimal minPrice,
                                @RequestParam(required = false) BigDecimal maxPrice,
                                @RequestParam(defaultValue = "0") int page,
                                @RequestParam(defaultValue = "20") int size) {
        return products.search(new ProductQuery(q, category, minPrice, maxPrice, page, size));
    }
}
