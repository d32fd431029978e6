package dev.chokepoint.examples.market.maplayer;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param perRequest build and compress the layer on every request (the cpu scenario, as in the
 *                   report: a 439 KB layer compressed per request) instead of once
 * @param features   polygons in the layer
 * @param points     corners per polygon; with the defaults the layer is about 440 KB of GeoJSON
 */
@ConfigurationProperties("market.map-layer")
public record MapLayerProperties(Boolean perRequest, Integer features, Integer points) {

    public MapLayerProperties {
        perRequest = perRequest != null && perRequest;
        features = features == null ? 400 : features;
        points = points == null ? 43 : points;
        if (features < 1 || points < 3) {
            throw new IllegalArgumentException("market.map-layer.features must be >= 1 and points >= 3, got "
                    + features + " and " + points);
        }
    }
}
