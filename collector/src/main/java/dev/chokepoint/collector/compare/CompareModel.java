package dev.chokepoint.collector.compare;

import java.util.List;

/**
 * Two runs side by side, as compare.json holds it and compare.md / compare.html show it (one
 * model, three formats, like the report; schema in docs/report.md#compare). Unknown numbers are NaN
 * here, null in JSON. {@code base} is the earlier run, {@code now} the one after the change.
 */
public record CompareModel(int schema, String headline, RunRef base, RunRef now, List<StepRow> steps,
                           List<CostRow> costs, List<RouteRow> routes, List<StatementRow> statements,
                           List<ResourceRow> resources, PredictionCheck prediction, Gate gate) {

    public static final int SCHEMA = 1;

    /**
     * One run: where it came from, its headline, capacity within the SLO (the knee's offered RPS,
     * NaN when no step met it), the highest rate it achieved, its bottleneck: the first saturated resource (resource
     * id and name, "none") and step, and the steps whose costs it is judged on.
     */
    public record RunRef(String source, String headline, double capacityRps, double highestAchievedRps,
                         String bottleneck, String bottleneckName, Integer bottleneckStep, List<Integer> referenceSteps) {
    }

    /**
     * A number in both runs, its relative change, the noise it is judged against, and the verdict;
     * {@code notJudged} says why when the verdict is NOT_JUDGED (null otherwise).
     */
    public record Metric(double base, double now, double change, double noise, Change verdict, String notJudged) {

        public Metric(double base, double now, double change, double noise, Change verdict) {
            this(base, now, change, noise, verdict, null);
        }

        /** The same numbers, not judged for {@code why}: the runs' conditions explain a change of it. */
        Metric notJudged(String why) {
            return verdict == Change.UNKNOWN ? this : new Metric(base, now, change, noise, Change.NOT_JUDGED, why);
        }
    }

    /**
     * better / worse: beyond the noise; noise: inside it; unknown: a side is not measured;
     * not judged: measured, but the runs' conditions (a saturated host) explain a change, so neither
     * the page nor --fail-on-regression calls it better or worse.
     */
    public enum Change { BETTER, WORSE, NOISE, UNKNOWN, NOT_JUDGED }

    /** Steps matched by offered rate (a side is null when only one run had that rate). */
    public record StepRow(double offeredRps, StepSide base, StepSide now) {
    }

    public record StepSide(int step, double achievedRps, double p95Seconds, double p99Seconds, double errorRate,
                           String verdict) {
    }

    /** Per-request cost over all routes at the reference steps: cpu, pool wait, jdbc, remote, wall. */
    public record CostRow(String part, Metric perRequest) {
    }

    public record RouteRow(String route, Metric cpu, Metric poolWait, Metric jdbc, Metric remote, Metric wall) {
    }

    public record StatementRow(String query, Metric mean, double baseShare, double nowShare) {
    }

    /** A throughput-bound resource's demand (utilization per RPS) and bound (RPS) in each run. */
    public record ResourceRow(String resource, String name, Metric demand, double baseBoundRps, double nowBoundRps) {
    }

    /**
     * The base run's next-bottleneck prediction against the new run: {@code measuredRps} is the
     * highest rate the new run achieved at a step it fell behind with that resource saturated first.
     */
    public record PredictionCheck(String after, String resource, String name, double predictedRps,
                                  String measuredResource, String measuredName, double measuredRps, String outcome) {
    }

    /**
     * What --fail-on-regression judges, the thresholds, what went beyond them, and what was not
     * judged and why (a measure the host's load explains, e.g. with the host CPU saturated).
     */
    public record Gate(Metric capacity, Metric cpuPerRequest, Metric databasePerRequest, double capacityDrop,
                       double cpuRise, double databaseRise, List<String> regressions, List<String> notJudged) {
    }
}
