package dev.chokepoint.examples.market.alerts;

import dev.chokepoint.examples.market.catalog.Product;
import dev.chokepoint.examples.market.catalog.ProductRepository;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.util.Map;

/**
 * Price alerts: the product from the catalogue (one short query), then the alert handed to the
 * sender pool, and the answer once the gateway's receipt is back (the executor scenario's
 * bottleneck: the requests wait on the pool's queue).
 */
@RestController
public class AlertController {

    private final ProductRepository products;
    private final AlertSender sender;

    public AlertController(ProductRepository products, AlertSender sender) {
        this.products = products;
        this.sender = sender;
    }

    @GetMapping("/alerts")
    public Map<String, Object> alert(@RequestParam long product) {
        Product p = products.byId(product).orElseThrow(() -> new IllegalArgumentException("no product " + product));
        String receipt = sender.send(p.id(), p.name() + " now " + p.price());
        return Map.of("product", p.id(), "receipt", receipt);
    }

    @ExceptionHandler(AlertSender.AlertTimeoutException.class)
    @ResponseStatus(HttpStatus.GATEWAY_TIMEOUT)
    Map<String, String> timedOut(AlertSender.AlertTimeoutException e) {
        return Map.of("error", e.getMessage());
    }
}
