package dev.chokepoint.examples.market.stock;

import dev.chokepoint.examples.market.catalog.Product;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.Map;

/** Stock on hand for the product page (the object-pool scenario's endpoint). */
@RestController
public class StockController {

    private final WarehouseStock stock;

    public StockController(WarehouseStock stock) {
        this.stock = stock;
    }

    @GetMapping("/stock")
    public Map<String, Object> stock(@RequestParam long product) {
        Product p = stock.onHand(product);
        return Map.of("product", p.id(), "stock", p.stock());
    }
}
