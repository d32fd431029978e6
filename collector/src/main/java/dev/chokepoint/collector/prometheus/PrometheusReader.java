package dev.chokepoint.collector.prometheus;

import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.ScrapeEvent;
import dev.chokepoint.collector.store.Series;
import dev.chokepoint.collector.store.SeriesKey;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a run window from Prometheus into the same {@link RunData} the collector's own scraping
 * records, one target per {@code instance} label, so the same signals, rules and report apply to a
 * fleet. Only fresh samples are kept (see {@link ScrapeCoverage}); stretches without them become
 * the run's gaps and make the report partial rather than silently wrong.
 */
public final class PrometheusReader {

    /**
     * The metric families the signals read (docs/metrics.md): everything the agent and Micrometer
     * expose, and nothing else the instance may export.
     */
    static final String NAMES = "(tomcat|hikaricp|jvm|process|system|chokepoint|http_server_requests)_.+";

    /** Prometheus refuses range queries above 11,000 points per series; stay below. */
    static final int MAX_POINTS_PER_QUERY = 10_000;

    /** Gaps shorter than this many points are scrape jitter, not missing data. */
    static final int MIN_GAP_POINTS = 3;

    private final PrometheusClient client;
    private final Selector selector;
    private final long stepMillis;

    public PrometheusReader(PrometheusClient client, Selector selector, long stepMillis) {
        this.client = client;
        this.selector = selector;
        this.stepMillis = stepMillis;
    }

    public RunData read(long startMillis, long endMillis) throws PrometheusException {
        long start = startMillis - Math.floorMod(startMillis, stepMillis);
        int points = (int) ((endMillis - start) / stepMillis) + 1;
        Map<String, ScrapeCoverage> coverage = coverage(start, endMillis, points);
        if (coverage.isEmpty()) {
            throw new PrometheusException("Prometheus at " + client.base() + " has no " + selector.on("up")
                    + " series between " + start + " and " + endMillis + " (epoch ms): it did not scrape anything "
                    + "matching --selector " + selector.text() + " during the run; check the selector and "
                    + "Prometheus's targets page (" + client.base() + "targets)");
        }
        // Fresh points of each series, chunk by chunk, kept as primitive arrays: a long run of a
        // large fleet is millions of points.
        Map<SeriesKey, List<Series>> chunks = new LinkedHashMap<>();
        for (long from = start; from <= endMillis; from += MAX_POINTS_PER_QUERY * stepMillis) {
            long to = Math.min(endMillis, from + (MAX_POINTS_PER_QUERY - 1) * stepMillis);
            for (PrometheusClient.Matrix m : client.queryRange(selector.withNames(NAMES), from, to, stepMillis)) {
                ScrapeCoverage c = coverage.get(m.labels().get("instance"));
                if (c != null) { // an instance without an up series is not one Prometheus scraped
                    SeriesKey key = key(m.labels().get("instance"), m.labels());
                    chunks.computeIfAbsent(key, k -> new ArrayList<>()).add(fresh(key, m, c));
                }
            }
        }
        List<Series> series = new ArrayList<>();
        chunks.forEach((k, parts) -> {
            Series whole = concat(k, parts);
            if (whole.size() > 0) {
                series.add(whole);
            }
        });
        List<ScrapeEvent> events = new ArrayList<>();
        List<String> gaps = new ArrayList<>();
        coverage.values().forEach(c -> c.gaps(MIN_GAP_POINTS, "Prometheus " + client.base(), events, gaps));
        if (series.isEmpty()) {
            gaps.add("Prometheus at " + client.base() + " scraped " + coverage.keySet() + " but holds none of the "
                    + "agent's metrics for them (docs/metrics.md); is the scrape target the agent's /metrics?");
        }
        return new RunData(start, endMillis, List.copyOf(coverage.keySet()), series, events, gaps);
    }

    private Map<String, ScrapeCoverage> coverage(long start, long end, int points) throws PrometheusException {
        Map<String, ScrapeCoverage> out = new TreeMap<>();
        for (long from = start; from <= end; from += MAX_POINTS_PER_QUERY * stepMillis) {
            long to = Math.min(end, from + (MAX_POINTS_PER_QUERY - 1) * stepMillis);
            Map<String, PrometheusClient.Matrix> taken = new TreeMap<>();
            for (PrometheusClient.Matrix m : client.queryRange("timestamp(" + selector.on("up") + ")", from, to, stepMillis)) {
                taken.put(m.labels().get("instance"), m);
            }
            for (PrometheusClient.Matrix up : client.queryRange(selector.on("up"), from, to, stepMillis)) {
                String instance = up.labels().get("instance");
                PrometheusClient.Matrix t = taken.get(instance);
                if (instance == null || t == null) {
                    continue;
                }
                double[] millis = new double[t.values().length];
                for (int i = 0; i < millis.length; i++) {
                    millis[i] = t.values()[i] * 1000;
                }
                out.computeIfAbsent(instance, i -> new ScrapeCoverage(i, start, stepMillis, points))
                        .add(up.timesMillis(), up.values(), t.timesMillis(), millis);
            }
        }
        return out;
    }

    private static Series fresh(SeriesKey key, PrometheusClient.Matrix m, ScrapeCoverage c) {
        long[] t = new long[m.timesMillis().length];
        double[] v = new double[t.length];
        int n = 0;
        for (int i = 0; i < t.length; i++) {
            if (c.fresh(m.timesMillis()[i]) && !Double.isNaN(m.values()[i])) {
                t[n] = m.timesMillis()[i];
                v[n++] = m.values()[i];
            }
        }
        return new Series(key, Arrays.copyOf(t, n), Arrays.copyOf(v, n));
    }

    private static Series concat(SeriesKey key, List<Series> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        int n = parts.stream().mapToInt(Series::size).sum();
        long[] t = new long[n];
        double[] v = new double[n];
        int at = 0;
        for (Series p : parts) {
            System.arraycopy(p.timesMillis(), 0, t, at, p.size());
            System.arraycopy(p.values(), 0, v, at, p.size());
            at += p.size();
        }
        return new Series(key, t, v);
    }

    /** Target = instance; {@code job} and {@code instance} are Prometheus's, not the application's labels. */
    private static SeriesKey key(String instance, Map<String, String> labels) {
        Map<String, String> own = new TreeMap<>(labels);
        String name = own.remove("__name__");
        own.remove("instance");
        own.remove("job");
        return SeriesKey.of(instance, name, own);
    }

}
