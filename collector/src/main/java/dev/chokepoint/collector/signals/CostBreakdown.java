package dev.chokepoint.collector.signals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Sums each route's and each statement's timers over a step, across targets, from the counters'
 * increases between the step's start and end (exact means, not averages of windowed means).
 * Routes the load never touched (health checks, scrapes) drop out by their share of requests.
 */
final class CostBreakdown {

    /** Statements shown per step: the ones that take the time; the rest is in their shares' remainder. */
    static final int TOP_STATEMENTS = 5;
    /** A route with fewer requests than this share of the step's is not what the load exercised. */
    private static final double MIN_ROUTE_SHARE = 0.01;
    private static final String STATEMENTS = "chokepoint_jdbc_query_seconds";

    private CostBreakdown() {
    }

    static StepCosts of(int step, List<TargetSeries> targets, List<SignalFrame> frames, List<TargetSeries> hostViews,
                        long fromMillis, long toMillis) {
        double seconds = (toMillis - fromMillis) / 1000.0;
        Map<String, Double> count = by(targets, TrafficSignals.REQUESTS + "_count", "uri", fromMillis, toMillis);
        Map<String, Double> wall = by(targets, TrafficSignals.REQUESTS + "_sum", "uri", fromMillis, toMillis);
        Map<String, Double> cpu = by(targets, "chokepoint_request_cpu_seconds_sum", "uri", fromMillis, toMillis);
        // The CPU timer counts only the requests whose thread CPU clock could be read: none on
        // virtual threads, where the mean over every request would read a false 0.
        Map<String, Double> cpuCount = by(targets, RequestSplitSignals.CPU_COUNT, "uri", fromMillis, toMillis);
        Map<String, Double> poolWait = by(targets, "chokepoint_request_pool_wait_seconds_sum", "uri", fromMillis, toMillis);
        Map<String, Double> jdbc = by(targets, "chokepoint_request_jdbc_seconds_sum", "uri", fromMillis, toMillis);
        Map<String, Double> remote = by(targets, "chokepoint_request_remote_seconds_sum", "uri", fromMillis, toMillis);
        double all = count.values().stream().mapToDouble(Double::doubleValue).sum();
        List<StepCosts.RouteCost> routes = new ArrayList<>();
        count.forEach((route, n) -> {
            if (n > 0 && n >= MIN_ROUTE_SHARE * all) {
                // A part the agent measured on this target is zero for a route that never used it.
                boolean split = cpu.containsKey(route);
                routes.add(new StepCosts.RouteCost(route, n / seconds, mean(wall, route, n, false),
                        cpuMean(cpu, cpuCount, route, n), mean(poolWait, route, n, split), mean(jdbc, route, n, split),
                        mean(remote, route, n, split)));
            }
        });
        routes.sort(Comparator.comparingDouble(StepCosts.RouteCost::rps).reversed());
        Map<String, Double> calls = by(targets, STATEMENTS + "_count", "query", fromMillis, toMillis);
        Map<String, Double> time = by(targets, STATEMENTS + "_sum", "query", fromMillis, toMillis);
        double total = time.values().stream().mapToDouble(Double::doubleValue).sum();
        List<StepCosts.StatementCost> statements = calls.entrySet().stream()
                .filter(e -> e.getValue() > 0 && time.getOrDefault(e.getKey(), 0.0) > 0)
                .map(e -> new StepCosts.StatementCost(e.getKey(), e.getValue() / seconds,
                        time.get(e.getKey()) / e.getValue(), time.get(e.getKey()) / total))
                .sorted(Comparator.comparingDouble(StepCosts.StatementCost::share).reversed())
                .limit(TOP_STATEMENTS).toList();
        return new StepCosts(step, List.copyOf(routes), statements, BackgroundHostLoad.between(frames, fromMillis, toMillis),
                waits(targets, all, fromMillis, toMillis), HostShare.between(hostViews,
                        targets.stream().map(TargetSeries::target).collect(Collectors.toSet()), fromMillis, toMillis));
    }

    private static StepCosts.ThreadWaits waits(List<TargetSeries> targets, double requests, long from, long to) {
        double core = Double.NaN;
        Map<String, Double> named = new LinkedHashMap<>();
        boolean recorded = true;
        for (TargetSeries t : targets) {
            double c = t.increaseBetween(RequestSplitSignals.CORE_WAIT, k -> true, from, to);
            core = Double.isNaN(c) ? core : Double.isNaN(core) ? c : core + c;
            t.increaseBetweenBy(RequestSplitSignals.NAMED_WAIT, "kind", from, to).forEach((k, v) -> named.merge(k, v, Double::sum));
            recorded &= t.recordedWaitsThroughout(from, to);
        }
        if (!recorded) {
            named.clear();
        }
        return new StepCosts.ThreadWaits(perRequest(core, requests), perRequest(named.get("lock"), requests),
                perRequest(named.get("park"), requests), perRequest(named.get("socket"), requests));
    }

    private static double perRequest(Double sum, double requests) {
        return sum == null || Double.isNaN(sum) || requests <= 0 ? Double.NaN : sum / requests;
    }

    /** Unknown where the CPU timer counted no request; else over every request (its count is sampled). */
    private static double cpuMean(Map<String, Double> sums, Map<String, Double> counts, String route, double n) {
        Double read = counts.get(route);
        return read == null || read <= 0 ? Double.NaN : mean(sums, route, n, false);
    }

    private static double mean(Map<String, Double> sums, String route, double n, boolean zeroWhenAbsent) {
        Double s = sums.get(route);
        return s != null ? s / n : zeroWhenAbsent ? 0 : Double.NaN;
    }

    private static Map<String, Double> by(List<TargetSeries> targets, String name, String label, long from, long to) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (TargetSeries t : targets) {
            t.increaseBetweenBy(name, label, from, to).forEach((k, v) -> out.merge(k, v, Double::sum));
        }
        return out;
    }
}
