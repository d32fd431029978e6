package dev.chokepoint.collector.progress;

import dev.chokepoint.collector.scrape.ParsedSample;
import dev.chokepoint.collector.scrape.ScrapeOutcome;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns scrape rounds into {@link TickTotals}. Counters are summed as increases since the previous
 * round (a drop is a restart: the new value is the increase), so the totals never go backwards when
 * a target restarts, and a target that misses a round does not make the fleet's count dip. Any
 * drop is folded so, with no look at the target's identity: only the request timer's count and
 * buckets are read here, which go down only when they count again from zero (a new process, a
 * meter created anew), and the totals only feed the live progress line, never a verdict.
 */
final class TickAccumulator {

    static final String REQUESTS = "http_server_requests_seconds_count";
    static final String BUCKETS = "http_server_requests_seconds_bucket";

    private final Map<String, Double> previous = new HashMap<>();
    private double requests;
    private final Map<String, Double> buckets = new TreeMap<>();

    TickTotals add(long time, List<ScrapeOutcome> outcomes) {
        Gauges gauges = new Gauges();
        for (int target = 0; target < outcomes.size(); target++) {
            for (ParsedSample sample : outcomes.get(target).samples()) {
                switch (sample.name()) {
                    case REQUESTS -> requests += increase(target, sample);
                    case BUCKETS -> buckets.merge(sample.labels().get("le"), increase(target, sample), Double::sum);
                    case "process_cpu_usage" -> gauges.cpu = Math.max(orZero(gauges.cpu), sample.value());
                    case "tomcat_threads_busy_threads" -> gauges.busy = orZero(gauges.busy) + sample.value();
                    case "tomcat_threads_config_max_threads" -> gauges.max = orZero(gauges.max) + sample.value();
                    case "hikaricp_connections_active" -> gauges.active = orZero(gauges.active) + sample.value();
                    case "hikaricp_connections_max" -> gauges.poolMax = orZero(gauges.poolMax) + sample.value();
                    case "hikaricp_connections_pending" -> gauges.pending = orZero(gauges.pending) + sample.value();
                    default -> { }
                }
            }
        }
        return new TickTotals(time, requests, Map.copyOf(buckets), gauges.cpu, gauges.busy, gauges.max, gauges.active,
                gauges.poolMax, gauges.pending);
    }

    /** The first sight of a series counts nothing: what it counted before the recording is not ours. */
    private double increase(int target, ParsedSample sample) {
        String key = target + sample.name() + sample.labels();
        Double before = previous.put(key, sample.value());
        if (before == null || Double.isNaN(sample.value())) {
            return 0;
        }
        return sample.value() >= before ? sample.value() - before : sample.value();
    }

    private static double orZero(double value) {
        return Double.isNaN(value) ? 0 : value;
    }

    private static final class Gauges {
        double cpu = Double.NaN;
        double busy = Double.NaN;
        double max = Double.NaN;
        double active = Double.NaN;
        double poolMax = Double.NaN;
        double pending = Double.NaN;
    }
}
