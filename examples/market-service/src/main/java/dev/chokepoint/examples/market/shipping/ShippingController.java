package dev.chokepoint.examples.market.shipping;

import org.springframework.context.annotation.Profile;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.Map;
import java.util.regex.Pattern;

/** Shipping quotes at checkout: the carrier's rate for the customer's postcode (the http-pool scenario's endpoint). */
@RestController
@Profile("http-pool")
public class ShippingController {

    private static final Pattern ZIP = Pattern.compile("[A-Za-z0-9 -]{3,10}");

    private final CarrierClient carrier;

    public ShippingController(CarrierClient carrier) {
        this.carrier = carrier;
    }

    @GetMapping("/shipping/quote")
    public Map<String, Object> quote(@RequestParam String zip) {
        if (!ZIP.matcher(zip).matches()) {
            throw new IllegalArgumentException("zip must be 3..10 letters, digits, spaces or dashes");
        }
        BigDecimal price = carrier.rate(zip);
        return Map.of("zip", zip, "price", price);
    }

    @ExceptionHandler(UncheckedIOException.class)
    @ResponseStatus(HttpStatus.BAD_GATEWAY)
    Map<String, String> carrierFailed(UncheckedIOException e) {
        return Map.of("error", e.getMessage());
    }
}
