package dev.chokepoint.collector.drive;

import java.net.URI;
import java.util.Map;

/**
 * One kind of request the built-in engine sends: where, how, and its share of each step's rate
 * ({@code weight} relative to the other requests' weights).
 */
public record RequestSpec(URI url, String method, String body, Map<String, String> headers, double weight) {

    public static RequestSpec get(URI url) {
        return new RequestSpec(url, "GET", null, Map.of(), 1);
    }
}
