package dev.chokepoint.collector.scrape;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code # TYPE} declarations of one exposition, and what they say about each sample name:
 * which family it belongs to, whether it only grows, whether it is an OpenMetrics {@code _created}
 * line (a timestamp, not a value, so it is ignored).
 */
final class MetricTypes {

    private static final List<String> SUFFIXES =
            List.of("_total", "_count", "_sum", "_bucket", "_created", "_gcount", "_gsum", "_info");

    private final Map<String, String> typeByFamily = new HashMap<>();

    void declare(String family, String type) {
        typeByFamily.put(family, type);
    }

    boolean isCreatedLine(String sampleName) {
        if (!sampleName.endsWith("_created")) {
            return false;
        }
        String type = typeByFamily.get(sampleName.substring(0, sampleName.length() - "_created".length()));
        return "counter".equals(type) || "histogram".equals(type) || "summary".equals(type)
                || "gaugehistogram".equals(type);
    }

    boolean isMonotonic(String sampleName) {
        String type = typeOf(sampleName);
        if (type == null || type.equals("untyped") || type.equals("unknown")) {
            // Without a declaration, the naming convention is all there is.
            return sampleName.endsWith("_total");
        }
        return switch (type) {
            case "counter" -> true;
            case "histogram" -> sampleName.endsWith("_bucket") || sampleName.endsWith("_count")
                    || sampleName.endsWith("_sum");
            case "summary" -> sampleName.endsWith("_count") || sampleName.endsWith("_sum");
            default -> false;
        };
    }

    private String typeOf(String sampleName) {
        String exact = typeByFamily.get(sampleName);
        if (exact != null) {
            return exact;
        }
        for (String suffix : SUFFIXES) {
            if (sampleName.endsWith(suffix)) {
                String type = typeByFamily.get(sampleName.substring(0, sampleName.length() - suffix.length()));
                if (type != null) {
                    return type;
                }
            }
        }
        return null;
    }
}
