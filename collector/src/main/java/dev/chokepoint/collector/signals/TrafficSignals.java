package dev.chokepoint.collector.signals;

import dev.chokepoint.collector.store.SeriesKey;

import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Server-side request rate, errors and latency from {@code http_server_requests_seconds_*}. */
public final class TrafficSignals implements SignalGroup {

    /** Requests completed per second, server side: what the fleet shares are computed from. */
    public static final String REQUEST_RATE = "request_rate";

    static final String REQUESTS = "http_server_requests_seconds";

    /** Spring's outcome tag, or a 5xx status when the outcome tag is absent. */
    static final Predicate<SeriesKey> SERVER_ERROR = k -> "SERVER_ERROR".equals(k.label("outcome"))
            || (k.label("outcome") == null && k.label("status") != null && k.label("status").startsWith("5"));

    @Override
    public List<Signal> signals() {
        return List.of(
                Signal.number(REQUEST_RATE, Unit.PER_SECOND, "requests completed per second (server side)"),
                Signal.evidence("requests_in_window", "requests completed in the smoothing window: the evidence a per-request signal rests on, whatever the rate"),
                Signal.evidence("samples_in_window", "scrapes of the target in the smoothing window, and the far scrape of a gap longer than a window that an end of it lies in: the evidence a rate or a mean rests on (a gap leaves stale gauges; counters are spread over it)"),
                Signal.number("error_rate", Unit.RATIO, "share of requests that ended in a server error"),
                Signal.number("latency_mean", Unit.SECONDS, "mean server time per request"),
                Signal.number("latency_p95", Unit.SECONDS, "95th percentile of server time, from the histogram buckets"),
                Signal.number("latency_p99", Unit.SECONDS, "99th percentile of server time, from the histogram buckets"),
                Signal.number("requests_active", Unit.COUNT, "requests in flight"));
    }

    @Override
    public void compute(TargetSeries in, Baseline baseline, SignalFrame out) {
        double[] count = in.increase(REQUESTS + "_count");
        out.put("requests_in_window", count);
        out.put("samples_in_window", in.samplesInWindow());
        out.put(REQUEST_RATE, PointWise.scale(count, 1 / in.grid().windowSeconds()));
        double[] errors = PointWise.orZeroWhereKnown(in.increase(REQUESTS + "_count", SERVER_ERROR), count);
        out.put("error_rate", PointWise.ratio(errors, count));
        out.put("latency_mean", PointWise.ratio(in.increase(REQUESTS + "_sum"), count));
        Map<String, double[]> buckets = in.increaseBy(REQUESTS + "_bucket", "le");
        double[][] quantiles = quantiles(buckets, in.grid().size(), 0.95, 0.99);
        out.put("latency_p95", quantiles[0]);
        out.put("latency_p99", quantiles[1]);
        out.put("requests_active", in.gaugeSum("chokepoint_http_server_active"));
    }

    /**
     * Quantile {@code qs[k]} at each point, in {@code [k][point]}: the bounds parsed once, one
     * histogram a point for all of them (an hour has 3 600 points of some fifteen buckets).
     */
    static double[][] quantiles(Map<String, double[]> buckets, int size, double... qs) {
        double[] bounds = buckets.keySet().stream().mapToDouble(Histogram::bound).toArray();
        double[][] counts = buckets.values().toArray(double[][]::new);
        double[][] out = new double[qs.length][size];
        for (int i = 0; i < size; i++) {
            Histogram h = new Histogram();
            for (int b = 0; b < bounds.length; b++) {
                h.add(bounds[b], counts[b][i]);
            }
            for (int k = 0; k < qs.length; k++) {
                out[k][i] = h.quantile(qs[k]);
            }
        }
        return out;
    }
}
