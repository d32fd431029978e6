package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.signals.Grid;
import dev.chokepoint.collector.signals.DependencyExporters;
import dev.chokepoint.collector.signals.SignalCatalog;
import dev.chokepoint.collector.signals.SignalFrame;
import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.steps.Step;
import dev.chokepoint.collector.store.RunData;
import dev.chokepoint.collector.store.ScrapeEvent;

import java.util.ArrayList;
import java.util.List;

/**
 * Symptom first: was a step limited, whatever resource (named or not) limited it? Judged from what
 * every load test is about, before any rule: achieved against offered rate, requests in flight
 * piling up while completions stay flat (Little's law), latency and errors against the lowest
 * step, and the target stopping to answer or restarting.
 */
public final class LimitJudge {

    /**
     * Achieved below this share of the offered rate, relative to the share the lowest step kept, is
     * falling behind. Relative because a closed-loop tool with too few workers for the service's
     * latency falls short at every step alike (a recorded run on a loaded machine kept 0.68 at 10
     * and 30 RPS with the service far from its limit): that is the tool's shape, not a limit.
     * Steps below capacity in the recorded runs keep 0.975–1.0 of the lowest step's share (13 %
     * above this); saturated ones 0.27–0.76 (11 % below).
     */
    static final double MIN_KEPT_SHARE = 0.85;
    /**
     * Falling behind counts only with latency grown this much (p50) against the lowest step, or
     * {@link #BEHIND_MIN_P95_GROWTH} (p95): a closed-loop tool whose workers all wait also falls
     * behind when the service is merely slow, not limited (a recorded run on a loaded machine: 0.76
     * of the lowest step's share at p50 ×1.06, p95 ×1.25, far below the pool's limit). Limited
     * steps behind their offer grew p50 ×1.7–×290.
     */
    static final double BEHIND_MIN_P50_GROWTH = 1.5;
    static final double BEHIND_MIN_P95_GROWTH = 2;
    /**
     * p95 at least this many times the lowest step's, with the SLO missed. Healthy steps below
     * capacity reached ×2.4 in the recorded runs (queueing grows smoothly before the knee) and
     * always met the SLO; limited ones ×5–×200.
     */
    static final double MIN_LATENCY_INFLATION = 3;
    /** In flight at the step's end at least this many more, and twice as many, as at its start. */
    static final double MIN_IN_FLIGHT_GROWTH = 10;
    /** Errors at least this much above the lowest step's share (and above the SLO's limit). */
    static final double MIN_ERROR_INCREASE = 0.01;
    /**
     * A target counts as stopped when its scrapes failed and recording went on this long without
     * it answering again: a scrape that fails as the run is torn down is not a death.
     */
    public static final long DEAD_FOR_MILLIS = 5_000;
    /**
     * Requests a step (and the lowest step) must have for its quantiles and its kept share to say
     * anything: at 0.16 RPS one slow request is the p95 (the headroom case).
     */
    static final double MIN_REQUESTS = 20;
    private static final String IN_FLIGHT = SignalCatalog.known("requests_active");

    /** Points averaged at each end of a step for the in-flight trend. */
    private static final int END_POINTS = 3;

    private final Grid grid;
    private final List<SignalFrame> frames;
    private final List<ScrapeEvent> events;
    private final Long death;

    /** {@code death}: when a target stopped answering for good ({@link #death(RunData)}), or null. */
    public LimitJudge(Grid grid, List<SignalFrame> frames, List<ScrapeEvent> events, Long death) {
        this.grid = grid;
        this.frames = frames;
        this.events = events;
        this.death = death;
    }

    /**
     * When a target stopped answering for good: the first failed scrape after its last sample,
     * when recording went on {@link #DEAD_FOR_MILLIS} past it; null when every target answered to
     * the end. (A scrape that failed before a target's first answer, at start-up, is not a death.)
     */
    public static Long death(RunData run) {
        Long first = null;
        for (String target : run.targets()) {
            // A dependency's exporter that stops answering costs that dependency's signals, not the run.
            if (!DependencyExporters.judgedAsService(run, target)) {
                continue;
            }
            long last = run.series().stream().filter(x -> x.key().target().equals(target) && x.size() > 0)
                    .mapToLong(x -> x.timesMillis()[x.size() - 1]).max().orElse(Long.MIN_VALUE);
            Long failed = run.events().stream().filter(e -> e.target().equals(target) && e.kind() == ScrapeEvent.Kind.FAILED
                    && e.timeMillis() > last).map(ScrapeEvent::timeMillis).min(Long::compare).orElse(null);
            if (failed != null && failed <= run.endMillis() - DEAD_FOR_MILLIS && (first == null || failed < first)) {
                first = failed;
            }
        }
        return first;
    }

    /** {@code reference}: the baseline for growth (the lowest-load step itself is never limited by growth). */
    public StepLimit judge(Step step, StepTraffic traffic, ReferenceStep reference, Slo slo) {
        return judge(step, traffic, reference, slo, List.of());
    }

    /** The same, and whether the step served less than one before it asked no more of ({@code others}: every step, judged). */
    public StepLimit judge(Step step, StepTraffic traffic, ReferenceStep reference, Slo slo, List<StepVerdict> others) {
        boolean lowestStep = reference.lowest().step() == step;
        StepTraffic base = reference.traffic();
        List<Symptom> out = new ArrayList<>();
        // A step that begins after the death is as limited as the one it happened in.
        Long stopped = death != null && death <= step.endMillis() ? death : null;
        if (stopped != null && stopped >= step.startMillis()) {
            out.add(new Symptom("stopped-answering", "the service stopped answering at " + Unit.clock(stopped) + ", "
                    + Unit.num((stopped - step.startMillis()) / 1000.0) + " s into the step, and did not answer again"));
        } else if (stopped != null) {
            out.add(new Symptom("stopped-answering", "the service was not answering: it stopped at " + Unit.clock(stopped)
                    + ", before this step"));
        }
        restarted(step, out);
        if (!lowestStep) {
            behindOffer(step, traffic, base, reference.offeredRps(), out);
        }
        if (stopped == null) {
            collapsed(step, traffic, others, out);
        }
        inFlightGrowing(step, traffic, out);
        if (!lowestStep) {
            latencyInflated(traffic, reference, slo, out);
            errorsGrew(traffic, base, slo, out);
        }
        return out.isEmpty() ? StepLimit.NONE : new StepLimit(List.copyOf(out), stopped);
    }

    /**
     * Only a {@code RESTART} (the process changed) is one: a counter that went down in the same
     * process ({@code COUNTER_DECREASE}) says nothing about the step, and an older run's
     * {@code RESET} could be either (on virtual threads it made every step, headroom ones too,
     * read as restarted).
     */
    private void restarted(Step step, List<Symptom> out) {
        events.stream().filter(e -> e.kind() == ScrapeEvent.Kind.RESTART && e.timeMillis() >= step.startMillis()
                        && e.timeMillis() <= step.endMillis()).findFirst()
                .ifPresent(e -> out.add(new Symptom("restarted", "the service restarted at " + Unit.clock(e.timeMillis())
                        + " (" + e.detail() + ")")));
    }

    private static void behindOffer(Step step, StepTraffic t, StepTraffic lowest, double lowestOffered, List<Symptom> out) {
        if (step.source() == Step.Source.DETECTED || !(step.offeredRps() > 0) || Double.isNaN(t.achievedRps())) {
            return;
        }
        if (!(t.requests() >= MIN_REQUESTS)) {
            return;
        }
        double lowestKept = lowestOffered > 0 && lowest.achievedRps() > 0 && lowest.requests() >= MIN_REQUESTS
                ? Math.min(1, lowest.achievedRps() / lowestOffered) : 1;
        boolean slower = t.p50Seconds() >= BEHIND_MIN_P50_GROWTH * lowest.p50Seconds()
                || t.p95Seconds() >= BEHIND_MIN_P95_GROWTH * lowest.p95Seconds();
        if (t.achievedRps() < MIN_KEPT_SHARE * lowestKept * step.offeredRps() && slower) {
            out.add(new Symptom("behind-offer", "achieved " + Unit.num(t.achievedRps()) + " of " + Unit.num(step.offeredRps())
                    + " RPS offered (" + Unit.RATIO.format(t.achievedRps() / step.offeredRps()) + ")"));
        }
    }

    /**
     * The achieved rate fell below {@link #MIN_KEPT_SHARE} of what an earlier step served at no
     * more offered load: the load went on and the service served less (a heap that fills: 9.4 RPS
     * after 80), whatever its latency (a service that fails fast, or answers few, may look quick).
     * Against steps with {@link #MIN_REQUESTS} requests, so that a rate stands behind the fall. A
     * death says more, so a step the target died in is not called collapsed too.
     */
    private static void collapsed(Step step, StepTraffic t, List<StepVerdict> others, List<Symptom> out) {
        if (!(step.offeredRps() > 0) || Double.isNaN(t.achievedRps())) {
            return;
        }
        StepVerdict peak = others.stream()
                .filter(o -> o.step().endMillis() <= step.startMillis() && o.step().offeredRps() <= step.offeredRps()
                        && o.traffic().requests() >= MIN_REQUESTS)
                .max(java.util.Comparator.comparingDouble(o -> o.traffic().achievedRps())).orElse(null);
        if (peak != null && t.achievedRps() < MIN_KEPT_SHARE * peak.traffic().achievedRps()) {
            out.add(new Symptom("collapsed", "served " + Unit.num(t.achievedRps()) + " RPS, "
                    + Unit.RATIO.format(t.achievedRps() / peak.traffic().achievedRps()) + " of the "
                    + Unit.num(peak.traffic().achievedRps()) + " RPS step " + peak.step().index()
                    + " served at no more offered load"));
        }
    }

    private void inFlightGrowing(Step step, StepTraffic t, List<Symptom> out) {
        int from = grid.indexAtOrAfter(step.startMillis() + grid.windowMillis());
        int to = grid.indexAtOrBefore(step.endMillis());
        if (to - from + 1 < 2 * END_POINTS) {
            return;
        }
        double start = inFlight(from, from + END_POINTS - 1);
        double end = inFlight(to - END_POINTS + 1, to);
        if (end - start >= MIN_IN_FLIGHT_GROWTH && end >= 2 * start) {
            out.add(new Symptom("in-flight-growing", "requests in flight grew from " + Unit.num(start) + " to "
                    + Unit.num(end) + " while " + Unit.num(t.achievedRps()) + " RPS completed"));
        }
    }

    /** Requests in flight over all targets, mean over grid points {@code from..to}. */
    private double inFlight(int from, int to) {
        double sum = 0;
        int n = 0;
        for (int i = from; i <= to; i++) {
            double total = Double.NaN;
            for (SignalFrame f : frames) {
                double v = f.value(IN_FLIGHT, i);
                total = Double.isNaN(v) ? total : Double.isNaN(total) ? v : total + v;
            }
            if (!Double.isNaN(total)) {
                sum += total;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private static void latencyInflated(StepTraffic t, ReferenceStep reference, Slo slo, List<Symptom> out) {
        StepTraffic base = reference.traffic();
        if (!(t.requests() >= MIN_REQUESTS && base.requests() >= MIN_REQUESTS)) {
            return;
        }
        double inflation = t.p95Seconds() / base.p95Seconds();
        if (Boolean.FALSE.equals(slo.met(t)) && inflation >= MIN_LATENCY_INFLATION) {
            out.add(new Symptom("latency-inflated", "p95 " + Unit.SECONDS.format(t.p95Seconds()) + ", "
                    + Unit.FACTOR.format(inflation) + " " + reference.name() + "'s " + Unit.SECONDS.format(base.p95Seconds())
                    + reference.warmUpNote()));
        }
    }

    private static void errorsGrew(StepTraffic t, StepTraffic lowest, Slo slo, List<Symptom> out) {
        double base = Double.isNaN(lowest.errorRate()) ? 0 : lowest.errorRate();
        boolean sloErrors = slo.failures(t).stream().anyMatch(f -> f.startsWith("errors"));
        if (sloErrors && t.errorRate() >= base + MIN_ERROR_INCREASE) {
            out.add(new Symptom("errors", "errors " + Unit.RATIO.format(t.errorRate()) + " of requests (lowest step "
                    + Unit.RATIO.format(base) + ")"));
        }
    }
}
