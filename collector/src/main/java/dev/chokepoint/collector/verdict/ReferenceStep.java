package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.signals.Unit;

import java.util.List;

/**
 * The step whose traffic every other step's growth is measured against (latency, kept share,
 * the per-request time split): the lowest-load step, unless it was still warming up — then the
 * next-lowest. The lowest-load step itself is never judged limited either way.
 *
 * @param verdict the reference step's verdict
 * @param lowest  the lowest-load step's verdict (the same as {@code verdict} unless it was warming up)
 */
public record ReferenceStep(StepVerdict verdict, StepVerdict lowest) {

    /**
     * A lowest step whose p95 is this many times the next-lowest step's was warming up (JIT,
     * connections and caches filling): a service's p95 does not halve under more load. Recorded
     * runs read at most ×1.28 (pool-10-again-ci, 36 % below); fast-service's cold first step
     * (300 RPS, p95 553 ms against 69.6 ms at 1000 RPS) ×7.9, and with step 1 as the reference its
     * step 3 missed the SLO at p95 380 ms yet read "nothing saturated".
     */
    static final double WARM_UP_FACTOR = 2;

    /** {@code byLoad}: the verdicts ordered by load (offered, else achieved rate), lowest first; not empty. */
    public static ReferenceStep of(List<StepVerdict> byLoad) {
        StepVerdict lowest = byLoad.get(0);
        if (byLoad.size() > 1 && warmingUp(lowest.traffic(), byLoad.get(1).traffic())) {
            return new ReferenceStep(byLoad.get(1), lowest);
        }
        return new ReferenceStep(lowest, lowest);
    }

    private static boolean warmingUp(StepTraffic lowest, StepTraffic next) {
        return lowest.requests() >= LimitJudge.MIN_REQUESTS && next.requests() >= LimitJudge.MIN_REQUESTS
                && lowest.p95Seconds() >= WARM_UP_FACTOR * next.p95Seconds();
    }

    public StepTraffic traffic() {
        return verdict.traffic();
    }

    public double offeredRps() {
        return verdict.step().offeredRps();
    }

    /** "the lowest step", or "step 2" when the lowest was warming up. */
    public String name() {
        return verdict == lowest ? "the lowest step" : "step " + verdict.step().index();
    }

    /** "" , or " (step 1 was warming up: p95 553 ms)". */
    public String warmUpNote() {
        return verdict == lowest ? "" : " (step " + lowest.step().index() + " was warming up: p95 "
                + Unit.SECONDS.format(lowest.traffic().p95Seconds()) + ")";
    }
}
