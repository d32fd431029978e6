package dev.chokepoint.examples.market.maplayer;

import java.nio.charset.StandardCharsets;

/**
 * A district layer as GeoJSON: one irregular polygon per district cell with a few properties,
 * derived from the seed only (the same bytes on every build). Coordinates are written from
 * integer micro-degrees, as map servers do, so building costs far less than compressing.
 */
final class GeoJsonLayer {

    private static final long ORIGIN_LON = 13_088_000; // micro-degrees: a city-sized grid
    private static final long ORIGIN_LAT = 52_338_000;
    private static final long CELL = 12_000;

    private GeoJsonLayer() {
    }

    static byte[] build(int features, int points, int seed) {
        StringBuilder json = new StringBuilder(features * (points * 23 + 160));
        json.append("{\"type\":\"FeatureCollection\",\"name\":\"districts\",\"features\":[");
        int columns = (int) Math.ceil(Math.sqrt(features));
        long state = seed * 6364136223846793005L + 1442695040888963407L;
        for (int f = 0; f < features; f++) {
            if (f > 0) {
                json.append(',');
            }
            long centerLon = ORIGIN_LON + (f % columns) * CELL + CELL / 2;
            long centerLat = ORIGIN_LAT + (f / columns) * CELL + CELL / 2;
            state = next(state);
            json.append("{\"type\":\"Feature\",\"properties\":{\"district\":").append(f)
                    .append(",\"name\":\"District ").append(f)
                    .append("\",\"stores\":").append((state >>> 40) % 5000)
                    .append(",\"density\":0.").append((state >>> 20) % 9000 + 1000)
                    .append("},\"geometry\":{\"type\":\"Polygon\",\"coordinates\":[[");
            long firstLon = 0;
            long firstLat = 0;
            for (int p = 0; p < points; p++) {
                state = next(state);
                double angle = 2 * Math.PI * p / points;
                long radius = CELL / 4 + (state >>> 33) % (CELL / 4);
                long lon = centerLon + (long) (radius * Math.cos(angle));
                long lat = centerLat + (long) (radius * Math.sin(angle));
                if (p == 0) {
                    firstLon = lon;
                    firstLat = lat;
                }
                appendPoint(json, lon, lat).append(',');
            }
            appendPoint(json, firstLon, firstLat); // GeoJSON rings are closed
            json.append("]]}}");
        }
        json.append("]}");
        return json.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static StringBuilder appendPoint(StringBuilder json, long lon, long lat) {
        json.append('[');
        appendMicroDegrees(json, lon).append(',');
        return appendMicroDegrees(json, lat).append(']');
    }

    private static StringBuilder appendMicroDegrees(StringBuilder json, long micro) {
        long fraction = micro % 1_000_000;
        json.append(micro / 1_000_000).append('.');
        for (long scale = 100_000; scale > 1 && fraction < scale; scale /= 10) {
            json.append('0');
        }
        return json.append(fraction);
    }

    private static long next(long state) {
        return state * 6364136223846793005L + 1442695040888963407L;
    }
}
