package dev.chokepoint.collector.progress;

import java.util.Map;

/**
 * The fleet at one scrape round, summed over targets: requests served so far (a counter made
 * immune to target restarts), the server latency histogram so far ({@code le} → count), and the
 * gauges the progress line shows. NaN where no target exposes the signal.
 */
record TickTotals(long timeMillis, double requests, Map<String, Double> buckets, double cpu, double busyWorkers,
                  double maxWorkers, double activeConnections, double maxConnections, double pendingConnections) {
}
