package dev.chokepoint.collector.bench;

import dev.chokepoint.collector.store.SeriesKey;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One synthetic agent-instrumented service of 500 series, shaped like a real scrape: request
 * timers with SLO buckets per route, Tomcat, Hikari and CPU gauges, JVM memory gauges and constant
 * limits. Offered load climbs in stairs over the hour so the analysis has steps to find.
 */
final class SyntheticTarget {

    static final int SERIES = 500;
    private static final String[] LE = {"0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1.0", "2.5", "+Inf"};
    /** Share of requests at or below each bucket bound: cumulative, so monotone in {@code le}. */
    private static final double[] SHARE_BELOW = {0.2, 0.4, 0.6, 0.75, 0.85, 0.92, 0.96, 0.98, 0.99, 1.0};
    private static final int ROUTES = 30;

    private final List<SeriesKey> keys = new ArrayList<>();
    private final double[] values = new double[SERIES];
    private final Random random;

    SyntheticTarget(String target, long seed) {
        this.random = new Random(seed);
        for (int r = 0; r < ROUTES; r++) {
            String uri = "/api/resource" + r + "/{id}";
            for (String le : LE) {
                keys.add(SeriesKey.of(target, "http_server_requests_seconds_bucket",
                        Map.of("uri", uri, "method", "GET", "status", "200", "outcome", "SUCCESS", "le", le)));
            }
            keys.add(SeriesKey.of(target, "http_server_requests_seconds_count", Map.of("uri", uri, "method", "GET",
                    "status", "200", "outcome", "SUCCESS")));
            keys.add(SeriesKey.of(target, "http_server_requests_seconds_sum", Map.of("uri", uri, "method", "GET",
                    "status", "200", "outcome", "SUCCESS")));
            keys.add(SeriesKey.of(target, "chokepoint_request_cpu_seconds_sum", Map.of("uri", uri)));
        }
        String[] gauges = {"process_cpu_usage", "system_cpu_usage", "tomcat_threads_busy_threads",
            "hikaricp_connections_active", "hikaricp_connections_pending", "chokepoint_http_server_active",
            "jvm_gc_live_data_size_bytes", "jvm_threads_live_threads"};
        for (String gauge : gauges) {
            keys.add(SeriesKey.of(target, gauge, Map.of()));
        }
        keys.add(SeriesKey.of(target, "tomcat_threads_config_max_threads", Map.of("name", "http-nio")));
        keys.add(SeriesKey.of(target, "hikaricp_connections_max", Map.of("pool", "HikariPool-1")));
        keys.add(SeriesKey.of(target, "system_cpu_count", Map.of()));
        keys.add(SeriesKey.of(target, "jvm_gc_max_data_size_bytes", Map.of()));
        for (int i = 0; keys.size() < SERIES; i++) {
            keys.add(SeriesKey.of(target, "jvm_memory_used_bytes", Map.of("area", "heap", "id", "pool-" + i)));
        }
    }

    List<SeriesKey> keys() {
        return keys;
    }

    /** The values of the next scrape, second {@code second} of the run. */
    double[] next(int second) {
        double rps = 20 + 20 * Math.min(9, second / 360); // ten 6-minute stairs: 20 … 200 RPS
        int i = 0;
        for (int r = 0; r < ROUTES; r++) {
            double requests = Math.max(0, Math.round(rps / ROUTES + random.nextGaussian()));
            for (int b = 0; b < LE.length; b++) {
                values[i + b] += Math.round(requests * SHARE_BELOW[b]);
            }
            values[i + LE.length] += requests;
            values[i + LE.length + 1] += requests * (0.02 + random.nextDouble() * 0.01);
            values[i + LE.length + 2] += requests * 0.004;
            i += LE.length + 3;
        }
        values[i++] = Math.min(1, rps / 250 + random.nextDouble() * 0.05);
        values[i++] = Math.min(1, rps / 200 + random.nextDouble() * 0.05);
        values[i++] = Math.round(rps / 10 + random.nextDouble() * 3);
        values[i++] = Math.min(10, Math.round(rps / 20));
        values[i++] = rps > 180 ? Math.round(random.nextDouble() * 20) : 0;
        values[i++] = Math.round(rps / 10);
        values[i++] = 2.0e8 + random.nextInt(1 << 20);
        values[i++] = 40 + random.nextInt(3);
        values[i++] = 200;
        values[i++] = 10;
        values[i++] = 2;
        values[i++] = 5.36870912E8;
        while (i < SERIES) {
            values[i++] = (i % 3 == 0) ? 1.6777216E7 : 1.0e7 + random.nextInt(1 << 16);
        }
        return values;
    }
}
