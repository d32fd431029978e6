package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Predicts the limiting resources from the steps where nothing saturated and the service kept up:
 * utilization grows with throughput (U = U0 + X · D, the utilization law with a background
 * share), so U ≤ 1 bounds X ≤ (1 − U0) / D. Resources ordered by that bound: the first is the
 * predicted limiter, the next one the bottleneck after it. Utilizations must be time-integrated
 * (busy seconds per second), not gauges sampled once a second, or short holds go unseen. A
 * resource's transient utilization (for CPU: the JIT compilers' and G1's concurrent threads') is
 * taken out before any fit: it does not grow with the requests (the compilers) or shrinks once the
 * cores are full (G1's marking), so with it in, the line through the low steps is steeper than the
 * demand at the limit: cpu-starved-fresh-ci's host line said 22.6 RPS with the compilers in, where
 * it measured 29.2 (without them its steps fit no line, and its requests' own use says 28.4).
 */
public final class UtilizationLaw {

    /**
     * A shared utilization at or above this at an unsaturated step says the neighbours fill the
     * idle host, not that they keep a share: the recorded runs' busy CI hosts read 0.95-1.0 at
     * steps the service kept up with; the one run with a neighbour that kept a core, 0.69-0.78.
     */
    static final double SHARED_FULL = 0.9;
    /**
     * Other processes' share of the host moving by this much or more across the unsaturated steps
     * says the demand was read on two different hosts: pool-10-quiet-ci's neighbours went from 25 % to
     * 84 % between its two steps (the statements slowed, the bound read 84 RPS, the pool held at 63);
     * every other recorded run moved by 18 points or less (lock-ci 65 → 83 %, lock-jfr-ci 36 → 54 %).
     */
    static final double HOST_SWING = 0.35;

    private final List<Demand> demands;
    private final Prediction prediction;
    private final NextBottleneck next;

    /**
     * {@code othersOnHost}: the share of the host's CPU other processes used during a step (NaN where
     * unknown).
     */
    public UtilizationLaw(List<StepVerdict> byLoad, Set<Resource> throughputBound, ToDoubleFunction<StepVerdict> othersOnHost) {
        List<StepVerdict> free = byLoad.stream()
                .filter(v -> v.firstSaturated() == null && !v.limit().limited() && v.traffic().achievedRps() > 0)
                .toList();
        String unsteady = unsteadyHost(free, othersOnHost);
        List<Demand> out = new ArrayList<>();
        for (Resource r : throughputBound) {
            List<double[]> shared = new ArrayList<>();
            List<double[]> requests = new ArrayList<>();
            List<double[]> warm = new ArrayList<>();
            for (StepVerdict v : free) {
                for (ResourceUse u : v.resources()) {
                    if (u.resource().equals(r) && u.utilization() > 0) {
                        warm.add(new double[] {v.traffic().achievedRps(), warm(u)});
                        // the host's use, and the share of it this process's background took
                        shared.add(new double[] {v.traffic().achievedRps(), u.sharedUtilization(), background(u)});
                        requests.add(new double[] {v.traffic().achievedRps(), u.requestUtilization()});
                    }
                }
            }
            Optional<Demand> sharedBound = sharedFit(shared).map(f -> demand(r, f, Demand.Basis.SHARED));
            lower(ownFit(r, warm, requests, keptByOthers(free, shared, othersOnHost)), sharedBound)
                    .map(d -> d.basis() == Demand.Basis.SHARED ? d : d.caveat(hostFull(shared)))
                    .map(d -> d.caveat(unsteady))
                    .ifPresent(out::add);
        }
        out.sort(Comparator.comparingDouble(Demand::boundRps));
        this.demands = List.copyOf(out);
        // The first resource a rule named: an unattributed limit has no bound to compare with.
        StepVerdict actual = byLoad.stream().filter(v -> v.firstSaturated() != null
                && !v.firstSaturated().resource().id().equals(Resource.UNATTRIBUTED)).findFirst().orElse(null);
        Resource actualResource = actual == null ? null : actual.firstSaturated().resource();
        if (demands.isEmpty()) {
            this.prediction = null;
            this.next = null;
            return;
        }
        Demand limiter = demands.get(0);
        this.prediction = new Prediction(limiter.resource(), limiter.boundRps(),
                free.stream().map(v -> v.step().index()).toList(), actualResource,
                actual == null ? null : actual.step().index(),
                actual == null ? null : limiter.resource().equals(actualResource), limiter.caveat());
        // What the next bottleneck comes after: the resource that limited; a limit no rule named
        // (an HTTP client's pool without a probe) is the unattributed one, not the predicted limiter,
        // which never limited there; only where nothing limited, the predicted limiter.
        Resource after = actualResource != null ? actualResource : byLoad.stream()
                .filter(v -> v.limit().limited() && v.firstSaturated() != null
                        && v.firstSaturated().resource().id().equals(Resource.UNATTRIBUTED))
                .map(v -> v.firstSaturated().resource()).findFirst().orElse(limiter.resource());
        this.next = demands.stream().filter(d -> !d.resource().equals(after)).findFirst()
                .map(d -> new NextBottleneck(after, d.resource(), d.boundRps(), d.caveat())).orElse(null);
    }

    /**
     * The resource's own line; where none can be fitted (one unsaturated step, or steps too close
     * in throughput), the demand its requests' own work explains (request-utilization: the request
     * threads' CPU and the GC pauses), else the utilization through the origin. Through the origin,
     * a cold JVM's compiling at a first, low step counts as demand: cpu-quiet-ci's one free step
     * (5 RPS, 0.61 of the cores compiling beside 5 × 96 ms of request CPU) bounded it at 16 RPS, it
     * measured 20, the requests' own use says 20.3. It leaves out work done for them on other
     * threads (the server's I/O threads, a collector whose concurrent work grows with allocation),
     * so this bound is an upper one, as the law's always is: cpu-heavy-ci's put it at 15.4 where it
     * measured 13.8 (+11 %), cpu-starved-blind-ci's at 25.0 where it measured 22.5. One step cannot split the rest of the process's use into what is
     * transient and what grows with load, so the range from the whole use through the origin to the
     * requests' own is kept beside the bound. The whole use is taken less the resource's transient
     * utilization where it was measured (the compilers' and G1's concurrent CPU): the rest is not
     * all demand either (the server's I/O threads, the agent's scrapes, whatever the JVM does that
     * the agent does not tell apart), which is why the requests' own use stays the bound:
     * cpu-quota-fresh-ci's first step, 0.5 RPS under a quarter of a core, bounds it at 4.5 RPS
     * from the requests' own use and 3.2 from the whole use less the compiling; it measured 4.1.
     */
    private static Optional<Demand> ownFit(Resource r, List<double[]> warm, List<double[]> requests, double others) {
        Optional<DemandFit> line = DemandFit.fitted(warm);
        if (line.isPresent()) {
            return line.map(f -> demand(r, f, Demand.Basis.OWN));
        }
        Optional<DemandFit> whole = DemandFit.throughOrigin(warm);
        Optional<DemandFit> theirs = DemandFit.throughOrigin(requests);
        if (theirs.isEmpty()) {
            return whole.map(f -> demand(r, f, Demand.Basis.OWN));
        }
        DemandFit f = new DemandFit(theirs.get().perRps(), others);
        double low = whole.map(w -> new DemandFit(w.perRps(), others).bound()).filter(b -> b < f.bound()).orElse(f.bound());
        return Optional.of(new Demand(r, f.perRps(), others, f.bound(), Demand.Basis.REQUESTS, low, f.bound(), null));
    }

    /**
     * What other processes used of the host at the steps read (their mean), kept as theirs where a
     * bound comes from this process alone through the origin: the load tool, a collector, a favoured
     * neighbour keep their share of the cores at the limit as they did below it. One free step cannot
     * fit the host's line, which is where this share would show as its background: the cpu scenario
     * of 16:55 UTC 2026-12-04 (step 2 over its latency SLO, so step 1 alone) bounded at 26.1 RPS from
     * its requests' own use, measured 22.0; with the 14 % others used at step 1 kept, 22.5. Zero where
     * the resource shares nothing, or where the host was full ({@value #SHARED_FULL} or more) at a
     * step read: neighbours that fill whatever is idle yield it as the service grows.
     */
    private static double keptByOthers(List<StepVerdict> free, List<double[]> shared, ToDoubleFunction<StepVerdict> othersOnHost) {
        for (double[] p : shared) {
            if (Double.isNaN(p[1]) || p[1] >= SHARED_FULL) {
                return 0;
            }
        }
        double others = free.stream().mapToDouble(othersOnHost).filter(o -> !Double.isNaN(o)).average().orElse(0);
        return Math.max(0, Math.min(others, 1));
    }

    /** The utilization less its transient share (never below zero on its account). */
    private static double warm(ResourceUse u) {
        return u.utilization() - background(u);
    }

    /** The transient share where it was measured, at most the utilization; else 0. */
    private static double background(ResourceUse u) {
        double passing = u.transientUtilization();
        return Double.isNaN(passing) ? 0 : Math.min(passing, u.utilization());
    }

    /**
     * Why a bound read from this process alone may not hold: its shared utilization (the host's CPU)
     * was full at a step read, so other processes filled whatever it left idle and the bound assumes
     * they yield it all. fast-service-select's host read 0.97-1.0 at its free steps (the load tool,
     * PostgreSQL and a neighbour on the same two cores); its CPU's bound was 4 325 RPS, the host held
     * it at 2 229. The pool runs on busy hosts (0.95-1.0) bound their CPU at 187-347 RPS, the one on
     * an idle host at 156. The line is {@value #SHARED_FULL}, the shared fit's own: cpu-quota-ci's
     * host read 0.88 at its step, just below, but its limit is the quota (3 RPS), not this bound (14).
     * Null when the host had room, or is not known.
     */
    private static String hostFull(List<double[]> shared) {
        double max = shared.stream().mapToDouble(p -> p[1]).filter(u -> !Double.isNaN(u)).max().orElse(0);
        return max < SHARED_FULL ? null
                : "the host's CPU was " + percent(max) + " busy at the steps read, other processes filling what this "
                        + "one left idle: the bound holds only if they yield it";
    }

    /**
     * Why no bound is a prediction: other processes' share of the host (the report's per-step
     * "other processes" row) moved by {@value #HOST_SWING} or more across the unsaturated steps.
     */
    private static String unsteadyHost(List<StepVerdict> free, ToDoubleFunction<StepVerdict> othersOnHost) {
        StepVerdict lo = null;
        StepVerdict hi = null;
        for (StepVerdict v : free) {
            double others = othersOnHost.applyAsDouble(v);
            if (Double.isNaN(others)) {
                continue;
            }
            lo = lo == null || others < othersOnHost.applyAsDouble(lo) ? v : lo;
            hi = hi == null || others > othersOnHost.applyAsDouble(hi) ? v : hi;
        }
        if (lo == null || othersOnHost.applyAsDouble(hi) - othersOnHost.applyAsDouble(lo) < HOST_SWING) {
            return null;
        }
        return "other processes used " + percent(othersOnHost.applyAsDouble(lo)) + " of the host at step "
                + lo.step().index() + " and " + percent(othersOnHost.applyAsDouble(hi)) + " at step " + hi.step().index()
                + ": the demand was read on two different hosts";
    }

    private static String percent(double u) {
        return Math.round(u * 100) + " %";
    }

    private static Demand demand(Resource r, DemandFit f, Demand.Basis basis) {
        return new Demand(r, f.perRps(), f.background(), f.bound(), basis);
    }

    /**
     * The fit of a shared utilization (the host's CPU: this process, its neighbours, a load tool on
     * the same machine), where it says something: every point known and below
     * {@value #SHARED_FULL}, since neighbours that fill whatever the host leaves idle (a low-priority
     * batch, a busy test machine) hold it near 1 at any load and yield as the service grows; and a
     * real line, no fallback. A neighbour that keeps its share (one favoured process holding a core)
     * shows as the line's background, so the bound is what is left to this service. Fitted less this
     * process's transient share, as its own line is.
     */
    private static Optional<DemandFit> sharedFit(List<double[]> points) {
        List<double[]> demand = new ArrayList<>();
        for (double[] p : points) {
            if (Double.isNaN(p[1]) || p[1] >= SHARED_FULL) {
                return Optional.empty();
            }
            demand.add(new double[] {p[0], p[1] - p[2]});
        }
        return DemandFit.fitted(demand);
    }

    /**
     * The lower of this process's own bound and the shared one, its range stretched up to the
     * other's top: the two read the same cores two ways, and which holds depends on what the
     * neighbours do at the limit: cpu-neighbour-ci's said 9 and 24, the neighbour kept its core,
     * it measured 10.
     */
    private static Optional<Demand> lower(Optional<Demand> a, Optional<Demand> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return a.isPresent() ? a : b;
        }
        Demand low = b.get().boundRps() < a.get().boundRps() ? b.get() : a.get();
        Demand high = low == a.get() ? b.get() : a.get();
        return Optional.of(low.upTo(high.highRps()));
    }

    /** Throughput-bound resources measured at the unsaturated steps, lowest bound first. */
    public List<Demand> demands() {
        return demands;
    }

    /** Null when no throughput-bound resource was measured at the unsaturated steps. */
    public Prediction prediction() {
        return prediction;
    }

    /** Null when fewer than two resources have a bound (or only the one that saturated). */
    public NextBottleneck next() {
        return next;
    }
}
