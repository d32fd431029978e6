package dev.chokepoint.examples.market.recommendations;

import org.springframework.context.annotation.Profile;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;
import java.util.Map;

/** Recommendations for the product page (the vt-bulkhead scenario's endpoint). */
@RestController
@Profile("vt-bulkhead")
public class RecommendationController {

    private final SimilarProducts similar;

    public RecommendationController(SimilarProducts similar) {
        this.similar = similar;
    }

    @GetMapping("/recommendations")
    public Map<String, Object> recommendations(@RequestParam long product) {
        List<Long> ids = similar.similarTo(product);
        return Map.of("product", product, "similar", ids);
    }

    @ExceptionHandler(SimilarProducts.BulkheadFullException.class)
    @ResponseStatus(HttpStatus.SERVICE_UNAVAILABLE)
    Map<String, String> bulkheadFull(SimilarProducts.BulkheadFullException e) {
        return Map.of("error", e.getMessage());
    }
}
