package dev.chokepoint.collector.bench;

import dev.chokepoint.collector.store.SeriesKey;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * One synthetic agent-instrumented service of any number of series, named and labelled as the
 * agent's metric contract and the recorded runs under {@code src/test/resources/recorded} show
 * them: a Tomcat connector, a Hikari pool, JVM memory, GC and threads, the agent's CPU gauges, and
 * then what grows with a real application: per-route request histograms and request splits, per
 * statement JDBC timers, per site monitor waits. The offered load climbs in stairs; past the pool's
 * capacity the pool saturates (every connection busy, a growing queue, a long acquire), Tomcat's
 * threads fill behind it and the served rate stops following the offered one, so the analysis has
 * real work. Deterministic for a seed.
 */
final class FleetTarget {

    private static final String[] LE = {"0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1.0", "2.5", "+Inf"};
    /** Share of requests at or below each bucket bound: cumulative, so monotone in {@code le}. */
    private static final double[] SHARE_BELOW = {0.2, 0.4, 0.6, 0.75, 0.85, 0.92, 0.96, 0.98, 0.99, 1.0};
    /** Series per route: buckets, count, sum, max, and four request splits of count and sum. */
    private static final int PER_ROUTE = LE.length + 3 + 8;
    private static final String CONNECTOR = "http-nio-8080-exec";
    private static final String POOL = "HikariPool-1";
    private static final int POOL_SIZE = 10;
    private static final int MAX_THREADS = 200;
    /** Connections held per request (s): the pool serves POOL_SIZE / this = 200 requests/s at most. */
    private static final double HOLD_SECONDS = 0.05;

    private final List<SeriesKey> keys = new ArrayList<>();
    private final List<Kind> kinds = new ArrayList<>();
    private final double[] values;
    private final Random random;
    private final double speed;
    private double backlog;

    /** How a series moves: the generator's own classification, nothing the collector reads. */
    private enum Kind { CONSTANT, ROUTE_BUCKET, ROUTE_COUNT, ROUTE_SUM, ROUTE_MAX, SPLIT_COUNT, SPLIT_SUM, GAUGE_NOISE,
        QUERY_COUNT, QUERY_SUM, QUERY_MAX, WAIT_COUNT, WAIT_SUM, WAIT_MAX }

    /**
     * {@code seriesCount}: at least 100; the core (≈ 70) plus routes (a third of the rest), then
     * statements and wait sites sharing what is left. {@code index}: the target's place in the
     * fleet, which spreads the targets' capacities a little (no two saturate at the same second).
     */
    FleetTarget(String target, int index, int seriesCount, long seed) {
        this.random = new Random(seed * 1_000_003L + index);
        this.speed = 1 + 0.02 * (index % 5);
        core(target);
        int rest = seriesCount - keys.size();
        int routes = Math.max(1, rest / 3 / PER_ROUTE);
        for (int r = 0; r < routes; r++) {
            route(target, r == 0 ? "/orders/{id}" : "/api/resource" + r + "/{id}");
        }
        for (int q = 0; keys.size() + 3 <= seriesCount; q++) {
            Map<String, String> labels = q % 2 == 0
                    ? Map.of("outcome", "success", "pool", POOL, "query", "SELECT * FROM t" + q + " WHERE id = ?",
                            "type", "select")
                    : Map.of("lock", "java.lang.Object", "site", "com.example.shop.Service" + q + ".update");
            String name = q % 2 == 0 ? "chokepoint_jdbc_query_seconds" : "chokepoint_wait_monitor_seconds";
            boolean query = q % 2 == 0;
            add(target, name + "_count", labels, query ? Kind.QUERY_COUNT : Kind.WAIT_COUNT);
            add(target, name + "_sum", labels, query ? Kind.QUERY_SUM : Kind.WAIT_SUM);
            add(target, name + "_max", labels, query ? Kind.QUERY_MAX : Kind.WAIT_MAX);
        }
        for (int i = 0; keys.size() < seriesCount; i++) {
            add(target, "jvm_buffer_count_buffers", Map.of("id", "buffer-" + i), Kind.CONSTANT);
        }
        this.values = new double[keys.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = kinds.get(i) == Kind.CONSTANT ? constant(keys.get(i).name()) : 0;
        }
    }

    private void core(String target) {
        Map<String, String> connector = Map.of("name", CONNECTOR);
        Map<String, String> pool = Map.of("pool", POOL);
        addAll(target, Map.of(), Kind.GAUGE_NOISE, "process_cpu_usage", "system_cpu_usage", "system_load_average_1m",
                "jvm_gc_overhead", "jvm_threads_live_threads", "chokepoint_cpu_runnable_threads", "chokepoint_http_server_active",
                "jvm_gc_live_data_size_bytes", "jvm_threads_daemon_threads");
        addAll(target, Map.of(), Kind.CONSTANT, "system_cpu_count", "jvm_gc_max_data_size_bytes", "process_files_max_files",
                "jvm_threads_peak_threads");
        addAll(target, connector, Kind.GAUGE_NOISE, "tomcat_threads_busy_threads", "tomcat_threads_current_threads",
                "chokepoint_tomcat_queue", "tomcat_connections_current_connections");
        addAll(target, connector, Kind.CONSTANT, "tomcat_threads_config_max_threads", "tomcat_connections_config_max_connections");
        addAll(target, pool, Kind.GAUGE_NOISE, "hikaricp_connections_active", "hikaricp_connections_idle",
                "hikaricp_connections_pending", "hikaricp_connections", "hikaricp_connections_acquire_seconds_max",
                "hikaricp_connections_usage_seconds_max");
        addAll(target, pool, Kind.CONSTANT, "hikaricp_connections_max", "hikaricp_connections_min");
        addAll(target, pool, Kind.SPLIT_COUNT, "hikaricp_connections_acquire_seconds_count",
                "hikaricp_connections_usage_seconds_count", "hikaricp_connections_timeout_total");
        addAll(target, gc(), Kind.SPLIT_COUNT, "jvm_gc_pause_seconds_count");
        addAll(target, Map.of(), Kind.SPLIT_COUNT, "jvm_threads_started_threads_total", "chokepoint_cpu_periods_total");
        addAll(target, pool, Kind.SPLIT_SUM, "hikaricp_connections_acquire_seconds_sum", "hikaricp_connections_usage_seconds_sum");
        addAll(target, gc(), Kind.SPLIT_SUM, "jvm_gc_pause_seconds_sum");
        addAll(target, Map.of(), Kind.SPLIT_SUM, "process_cpu_time_ns_total", "chokepoint_cpu_steal_seconds_total",
                "chokepoint_cpu_throttled_seconds_total", "jvm_gc_memory_allocated_bytes_total");
        addAll(target, gc(), Kind.GAUGE_NOISE, "jvm_gc_pause_seconds_max");
        for (String id : new String[] {"G1 Eden Space", "G1 Old Gen", "G1 Survivor Space", "Metaspace", "CodeCache",
            "Compressed Class Space"}) {
            Map<String, String> area = Map.of("area", id.startsWith("G1") ? "heap" : "nonheap", "id", id);
            add(target, "jvm_memory_used_bytes", area, Kind.GAUGE_NOISE);
            addAll(target, area, Kind.CONSTANT, "jvm_memory_committed_bytes", "jvm_memory_max_bytes");
        }
        for (String state : new String[] {"runnable", "blocked", "waiting", "timed-waiting", "new", "terminated"}) {
            add(target, "jvm_threads_states_threads", Map.of("state", state), Kind.GAUGE_NOISE);
        }
    }

    private void addAll(String target, Map<String, String> labels, Kind kind, String... names) {
        for (String name : names) {
            add(target, name, labels, kind);
        }
    }

    private static Map<String, String> gc() {
        return Map.of("action", "end of minor GC", "cause", "G1 Evacuation Pause", "gc", "G1 Young Generation");
    }

    private void route(String target, String uri) {
        Map<String, String> labels = Map.of("method", "GET", "outcome", "SUCCESS", "status", "200", "uri", uri);
        for (String le : LE) {
            Map<String, String> bucket = new LinkedHashMap<>(labels);
            bucket.put("le", le);
            add(target, "http_server_requests_seconds_bucket", bucket, Kind.ROUTE_BUCKET);
        }
        add(target, "http_server_requests_seconds_count", labels, Kind.ROUTE_COUNT);
        add(target, "http_server_requests_seconds_sum", labels, Kind.ROUTE_SUM);
        add(target, "http_server_requests_seconds_max", labels, Kind.ROUTE_MAX);
        for (String split : new String[] {"cpu", "jdbc", "pool_wait", "remote"}) {
            add(target, "chokepoint_request_" + split + "_seconds_count", Map.of("uri", uri), Kind.SPLIT_COUNT);
            add(target, "chokepoint_request_" + split + "_seconds_sum", Map.of("uri", uri), Kind.SPLIT_SUM);
        }
    }

    private void add(String target, String name, Map<String, String> labels, Kind kind) {
        keys.add(SeriesKey.of(target, name, labels));
        kinds.add(kind);
    }

    private static double constant(String name) {
        return switch (name) {
            case "system_cpu_count" -> 4;
            case "tomcat_threads_config_max_threads" -> MAX_THREADS;
            case "tomcat_connections_config_max_connections" -> 8192;
            case "hikaricp_connections_max", "hikaricp_connections_min" -> POOL_SIZE;
            case "process_files_max_files" -> 1_048_576;
            case "jvm_threads_peak_threads" -> 240;
            case "jvm_buffer_count_buffers" -> 12;
            default -> 5.36870912E8;
        };
    }

    List<SeriesKey> keys() {
        return keys;
    }

    /** The values of the scrape at second {@code second} of a run of {@code stepSeconds}-long stairs. */
    double[] next(int second, int stepSeconds) {
        double offered = offered(second, stepSeconds);
        double capacity = POOL_SIZE / HOLD_SECONDS * speed;
        backlog = Math.max(0, Math.min(MAX_THREADS, backlog + offered - capacity));
        double served = Math.max(0, Math.min(offered, capacity) + random.nextGaussian() * 2);
        double busyShare = Math.min(1, offered / capacity);
        double latency = HOLD_SECONDS * (1 + backlog / capacity);
        int routes = 0;
        for (Kind k : kinds) {
            routes += k == Kind.ROUTE_COUNT ? 1 : 0;
        }
        double perRoute = served / routes;
        int bucket = 0;
        for (int i = 0; i < values.length; i++) {
            String name = keys.get(i).name();
            switch (kinds.get(i)) {
                case CONSTANT -> { }
                case ROUTE_BUCKET -> values[i] += Math.round(perRoute * SHARE_BELOW[bucket++ % LE.length]
                        * (latency > 0.1 ? 0.5 : 1));
                case ROUTE_COUNT -> values[i] += Math.round(perRoute);
                case ROUTE_SUM -> values[i] += perRoute * latency;
                case ROUTE_MAX -> values[i] = latency * (1.5 + random.nextDouble());
                case SPLIT_COUNT -> values[i] += Math.round(perRoute);
                case SPLIT_SUM -> values[i] += perRoute * (name.contains("pool_wait") || name.contains("acquire")
                        ? latency - HOLD_SECONDS : HOLD_SECONDS * random.nextDouble());
                case QUERY_COUNT -> values[i] += random.nextInt(3);
                case QUERY_SUM -> values[i] += random.nextDouble() * 0.003;
                case QUERY_MAX, WAIT_MAX -> values[i] = random.nextDouble() * 0.004;
                case WAIT_COUNT -> values[i] += random.nextInt(2);
                case WAIT_SUM -> values[i] += random.nextDouble() * 0.001;
                case GAUGE_NOISE -> values[i] = gauge(name, busyShare);
            }
        }
        return values;
    }

    /** Requests a second offered at second {@code second}: ten stairs, 40 … 400. */
    static int offered(int second, int stepSeconds) {
        return 40 * (1 + Math.min(9, second / stepSeconds));
    }

    private double gauge(String name, double busyShare) {
        double noise = random.nextDouble();
        return switch (name) {
            case "process_cpu_usage" -> Math.min(1, 0.1 + 0.4 * busyShare + noise * 0.03);
            case "system_cpu_usage" -> Math.min(1, 0.15 + 0.4 * busyShare + noise * 0.03);
            case "tomcat_threads_busy_threads" -> Math.min(MAX_THREADS, Math.round(POOL_SIZE * busyShare + backlog));
            case "tomcat_threads_current_threads" -> MAX_THREADS;
            case "chokepoint_tomcat_queue" -> backlog >= MAX_THREADS ? Math.round(noise * 50) : 0;
            case "chokepoint_http_server_active" -> Math.round(POOL_SIZE * busyShare + backlog);
            case "hikaricp_connections_active" -> Math.min(POOL_SIZE, Math.round(POOL_SIZE * busyShare + noise));
            case "hikaricp_connections_idle" -> Math.max(0, POOL_SIZE - Math.round(POOL_SIZE * busyShare + noise));
            case "hikaricp_connections_pending" -> Math.round(backlog);
            case "hikaricp_connections" -> POOL_SIZE;
            case "hikaricp_connections_acquire_seconds_max" -> backlog / (POOL_SIZE / HOLD_SECONDS) + noise * 0.001;
            case "jvm_memory_used_bytes", "jvm_gc_live_data_size_bytes" -> 1.0e8 + Math.round(noise * 1.0e8);
            default -> Math.round(noise * 40);
        };
    }
}
