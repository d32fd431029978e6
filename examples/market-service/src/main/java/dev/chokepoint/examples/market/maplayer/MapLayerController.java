package dev.chokepoint.examples.market.maplayer;

import dev.chokepoint.examples.market.data.DataProperties;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The district map layer (≈ 440 KB GeoJSON) served compressed at the maximum level. Normally it
 * is built and compressed once per coding; with {@code market.map-layer.per-request=true} (the cpu
 * scenario) every request builds and compresses it again, as the reported service did.
 */
@RestController
public class MapLayerController {

    static final MediaType GEO_JSON = MediaType.parseMediaType("application/geo+json");

    private final MapLayerProperties properties;
    private final int seed;
    private final Map<ContentCoding, byte[]> encoded = new ConcurrentHashMap<>();

    public MapLayerController(MapLayerProperties properties, DataProperties data) {
        this.properties = properties;
        this.seed = data.seed();
    }

    @GetMapping("/map/layers/districts")
    public ResponseEntity<byte[]> districts(@RequestHeader(value = HttpHeaders.ACCEPT_ENCODING, required = false)
                                            String acceptEncoding) {
        ContentCoding coding = ContentCoding.accepted(acceptEncoding);
        byte[] body = properties.perRequest() ? encode(coding) : encoded.computeIfAbsent(coding, this::encode);
        ResponseEntity.BodyBuilder response = ResponseEntity.ok().contentType(GEO_JSON)
                .header(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        if (coding.header() != null) {
            response.header(HttpHeaders.CONTENT_ENCODING, coding.header());
        }
        return response.body(body);
    }

    private byte[] encode(ContentCoding coding) {
        return coding.encode(GeoJsonLayer.build(properties.features(), properties.points(), seed));
    }
}
