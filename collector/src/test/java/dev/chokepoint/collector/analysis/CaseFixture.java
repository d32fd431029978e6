package dev.chokepoint.collector.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run written compactly, per step and per series (promtool's {@code input_series} idea), turned
 * into the raw scraped series the collector would have recorded: one scrape per second, counters
 * cumulative, timers as {@code _count}/{@code _sum}, the request timer with histogram buckets.
 *
 * <pre>
 * step-seconds: 20
 * steps: [20, 50, 100]                       # offered RPS
 * noise: 0.03                                # optional relative jitter on rates and means
 * series:
 *   hikaricp_connections_max{pool="p"}: 10   # gauge: one value, one per step, or "a..b" ramp in the step
 *   chokepoint_cpu_periods_total: {rate: 10} # counter: increase per second
 *   hikaricp_connections_acquire_seconds{pool="p"}: {rate: [20, 50, 100], mean: [0.001, 0.001, 0.4]}  # timer
 *   http: {uri: /orders, rate: [20, 50, 100], latency: [0.02, 0.02, 0.9], errors: 0}
 * expect: {resource: connection-pool, rule: pool-exhausted, step: 3, none-steps: [1, 2]}
 * </pre>
 */
public final class CaseFixture {

    static final long T0 = 1_764_450_000_000L;
    private static final double[] BUCKETS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
    private static final Pattern KEY = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})?");
    private static final Pattern LABEL = Pattern.compile("\\s*([a-zA-Z_][a-zA-Z0-9_]*)=\"([^\"]*)\"\\s*,?");

    public final String name;
    public final JsonNode expect;
    public final RunData run;
    public final List<Step> steps;
    private final String target;
    private final int stepSeconds;
    private final double[] offered;
    private final double noise;
    private final Random random = new Random(42);
    private final List<Series> series = new ArrayList<>();

    private CaseFixture(String name, JsonNode root) {
        this.name = name;
        this.expect = root.path("expect");
        this.target = root.path("target").asText("app:9464");
        this.stepSeconds = root.path("step-seconds").asInt(20);
        JsonNode st = root.path("steps");
        offered = new double[st.size()];
        for (int i = 0; i < offered.length; i++) {
            offered[i] = st.get(i).asDouble();
        }
        noise = root.path("noise").asDouble(0);
        steps = new ArrayList<>();
        for (int i = 0; i < offered.length; i++) {
            steps.add(new Step(i + 1, T0 + i * stepSeconds * 1000L, T0 + (i + 1) * stepSeconds * 1000L, offered[i],
                    Step.Source.SCHEDULE, null));
        }
        Iterator<Map.Entry<String, JsonNode>> it = root.path("series").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals("http")) {
                http(e.getValue());
            } else {
                series(e.getKey(), e.getValue());
            }
        }
        run = new RunData(T0, end(), List.of(target), series, List.of());
    }

    public static CaseFixture load(String resource) throws IOException {
        try (InputStream in = CaseFixture.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no fixture " + resource);
            }
            return of(resource, new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    /** A fixture from its text (a test's variant of a fixture file). */
    static CaseFixture of(String name, String yaml) {
        // SnakeYAML resolves anchors/aliases (rate: *achieved), which Jackson's YAML parser does not.
        Object tree = new org.yaml.snakeyaml.Yaml().load(yaml);
        return new CaseFixture(name, new ObjectMapper().valueToTree(tree));
    }

    private long end() {
        return T0 + offered.length * stepSeconds * 1000L;
    }

    private int seconds() {
        return offered.length * stepSeconds;
    }

    /** Value of a per-step spec at second s (1-based: the second ending at T0 + s). */
    private double at(JsonNode spec, int s) {
        int step = Math.min(offered.length - 1, (s - 1) / stepSeconds);
        JsonNode v = spec.isArray() ? spec.get(step) : spec;
        if (spec.isArray() && spec.size() != offered.length) {
            throw new IllegalArgumentException(name + ": " + spec + " has " + spec.size() + " values for "
                    + offered.length + " steps");
        }
        if (v.isTextual() && v.asText().contains("..")) {
            String[] ab = v.asText().split("\\.\\.");
            double into = ((s - 1) % stepSeconds) / (double) Math.max(1, stepSeconds - 1);
            return Double.parseDouble(ab[0]) + (Double.parseDouble(ab[1]) - Double.parseDouble(ab[0])) * into;
        }
        return v.asDouble();
    }

    private double jitter() {
        return noise == 0 ? 1 : Math.max(0, 1 + noise * random.nextGaussian());
    }

    private void series(String key, JsonNode spec) {
        Matcher m = KEY.matcher(key);
        if (!m.matches()) {
            throw new IllegalArgumentException(name + ": bad series key " + key);
        }
        Map<String, String> labels = new LinkedHashMap<>();
        if (m.group(2) != null) {
            Matcher l = LABEL.matcher(m.group(2));
            while (l.find()) {
                labels.put(l.group(1), l.group(2));
            }
        }
        String metric = m.group(1);
        if (spec.has("mean")) {
            timer(metric, labels, spec.get("rate"), spec.get("mean"));
        } else if (spec.has("rate")) {
            counter(metric, labels, spec.get("rate"));
        } else {
            gauge(metric, labels, spec);
        }
    }

    private void gauge(String metric, Map<String, String> labels, JsonNode spec) {
        long[] t = new long[seconds() + 1];
        double[] v = new double[seconds() + 1];
        for (int s = 0; s <= seconds(); s++) {
            t[s] = T0 + s * 1000L;
            v[s] = at(spec, Math.max(1, s));
        }
        series.add(new Series(SeriesKey.of(target, metric, labels), t, v));
    }

    private void counter(String metric, Map<String, String> labels, JsonNode rate) {
        long[] t = new long[seconds() + 1];
        double[] v = new double[seconds() + 1];
        t[0] = T0;
        for (int s = 1; s <= seconds(); s++) {
            t[s] = T0 + s * 1000L;
            v[s] = v[s - 1] + at(rate, s) * jitter();
        }
        series.add(new Series(SeriesKey.of(target, metric, labels), t, v));
    }

    /** Whole calls per second (counts are integers), each taking the step's mean. */
    private void timer(String metric, Map<String, String> labels, JsonNode rate, JsonNode mean) {
        long[] t = new long[seconds() + 1];
        double[] count = new double[seconds() + 1];
        double[] sum = new double[seconds() + 1];
        t[0] = T0;
        double exact = 0;
        for (int s = 1; s <= seconds(); s++) {
            t[s] = T0 + s * 1000L;
            exact += at(rate, s) * jitter();
            count[s] = Math.floor(exact);
            sum[s] = sum[s - 1] + (count[s] - count[s - 1]) * at(mean, s) * jitter();
        }
        series.add(new Series(SeriesKey.of(target, metric + "_count", labels), t, count));
        series.add(new Series(SeriesKey.of(target, metric + "_sum", labels), t, sum));
    }

    /** http_server_requests_seconds with buckets; every request of a second takes the step's latency. */
    private void http(JsonNode spec) {
        String uri = spec.path("uri").asText("/orders");
        JsonNode rate = spec.get("rate");
        JsonNode latency = spec.get("latency");
        JsonNode errors = spec.has("errors") ? spec.get("errors") : new ObjectMapper().getNodeFactory().numberNode(0);
        for (String status : new String[] {"200", "500"}) {
            Map<String, String> labels = Map.of("method", "GET", "uri", uri, "status", status,
                    "outcome", status.equals("200") ? "SUCCESS" : "SERVER_ERROR");
            long[] t = new long[seconds() + 1];
            double[] count = new double[seconds() + 1];
            double[] sum = new double[seconds() + 1];
            double[][] buckets = new double[BUCKETS.length + 1][seconds() + 1];
            double exact = 0;
            t[0] = T0;
            for (int s = 1; s <= seconds(); s++) {
                t[s] = T0 + s * 1000L;
                double share = status.equals("200") ? 1 - at(errors, s) : at(errors, s);
                exact += at(rate, s) * share * jitter();
                count[s] = Math.floor(exact);
                double n = count[s] - count[s - 1];
                double l = at(latency, s) * jitter();
                sum[s] = sum[s - 1] + n * l;
                for (int b = 0; b <= BUCKETS.length; b++) {
                    boolean in = b == BUCKETS.length || l <= BUCKETS[b];
                    buckets[b][s] = buckets[b][s - 1] + (in ? n : 0);
                }
            }
            series.add(new Series(SeriesKey.of(target, "http_server_requests_seconds_count", labels), t, count));
            series.add(new Series(SeriesKey.of(target, "http_server_requests_seconds_sum", labels), t, sum));
            // A plain Actuator endpoint has no buckets unless percentiles-histogram is switched on.
            for (int b = 0; spec.path("buckets").asBoolean(true) && b <= BUCKETS.length; b++) {
                Map<String, String> withLe = new LinkedHashMap<>(labels);
                withLe.put("le", b == BUCKETS.length ? "+Inf" : String.valueOf(BUCKETS[b]));
                series.add(new Series(SeriesKey.of(target, "http_server_requests_seconds_bucket", withLe), t, buckets[b]));
            }
        }
    }
}
