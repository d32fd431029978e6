package dev.chokepoint.examples.market.maplayer;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;

import static org.assertj.core.api.Assertions.assertThat;

class ContentCodingTest {

    private final byte[] layer = GeoJsonLayer.build(400, 43, 42);

    @Test
    void gzipAndDeflateRoundTripToTheSameLayer() throws Exception {
        assertThat(new GZIPInputStream(new ByteArrayInputStream(ContentCoding.GZIP.encode(layer))).readAllBytes())
                .isEqualTo(layer);
        assertThat(new InflaterInputStream(new ByteArrayInputStream(ContentCoding.DEFLATE.encode(layer))).readAllBytes())
                .isEqualTo(layer);
    }

    @Test
    void gzipIsPreferredThenDeflateThenNone() {
        assertThat(ContentCoding.accepted("deflate, gzip;q=0.8")).isEqualTo(ContentCoding.GZIP);
        assertThat(ContentCoding.accepted("deflate")).isEqualTo(ContentCoding.DEFLATE);
        assertThat(ContentCoding.accepted(null)).isEqualTo(ContentCoding.IDENTITY);
    }

    @Test
    void theLayerIsTheSameBytesForTheSameSeedAndDiffersForAnother() {
        assertThat(GeoJsonLayer.build(400, 43, 42)).isEqualTo(layer);
        assertThat(GeoJsonLayer.build(400, 43, 7)).isNotEqualTo(layer);
    }
}
