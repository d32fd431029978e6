package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Predicts the limiting resources from the steps where nothing saturated and the service kept up:
 * utilization grows with throughput (U = U0 + X · D, the utilization law with a background
 * share), so U ≤ 1 bounds X ≤ (1 − U0) / D. Resources ordered by that bound: the first is the
 * predicted limiter, the next one the bottleneck after it. Utilizations must be time-integrated
 * (busy seconds per second), not gauges sampled once a second, or short holds go unseen.
 */
public final class UtilizationLaw {

    /**
     * A shared utilization at or above this at an unsaturated step says the neighbours fill the
     * idle host, not that they keep a share: the recorded runs' busy CI hosts read 0.95-1.0 at
     * steps the service kept up with; the one run with a neighbour that kept a core, 0.69-0.78.
     */
    static final double SHARED_FULL = 0.9;

    private final List<Demand> demands;
    private final Prediction prediction;
    private final NextBottleneck next;

    public UtilizationLaw(List<StepVerdict> byLoad, Set<Resource> throughputBound) {
        List<StepVerdict> free = byLoad.stream()
                .filter(v -> v.firstSaturated() == null && !v.limit().limited() && v.traffic().achievedRps() > 0)
                .toList();
        List<Demand> out = new ArrayList<>();
        for (Resource r : throughputBound) {
            List<double[]> own = new ArrayList<>();
            List<double[]> shared = new ArrayList<>();
            List<double[]> requests = new ArrayList<>();
            for (StepVerdict v : free) {
                for (ResourceUse u : v.resources()) {
                    if (u.resource().equals(r) && u.utilization() > 0) {
                        own.add(new double[] {v.traffic().achievedRps(), u.utilization()});
                        shared.add(new double[] {v.traffic().achievedRps(), u.sharedUtilization()});
                        requests.add(new double[] {v.traffic().achievedRps(), u.requestUtilization()});
                    }
                }
            }
            Optional<Demand> sharedBound = sharedFit(shared).map(f -> demand(r, f, Demand.Basis.SHARED));
            lower(ownFit(r, own, requests), sharedBound).ifPresent(out::add);
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
                actual == null ? null : limiter.resource().equals(actualResource));
        Resource after = actualResource != null ? actualResource : limiter.resource();
        this.next = demands.stream().filter(d -> !d.resource().equals(after)).findFirst()
                .map(d -> new NextBottleneck(after, d.resource(), d.boundRps())).orElse(null);
    }

    /**
     * The resource's own line; where none can be fitted (one unsaturated step, or steps too close
     * in throughput), the demand its requests' own work explains (request-utilization: the request
     * threads' CPU and the GC pauses), else the utilization through the origin. Through the origin,
     * a cold JVM's compiling at a first, low step counts as demand: cpu-quiet-ci's one free step
     * (5 RPS, 0.61 of the cores compiling beside 5 × 96 ms of request CPU) bounded it at 16 RPS, it
     * measured 20, the requests' own use says 20.3. It leaves out work done for them on other
     * threads (concurrent GC, the server's I/O threads), so this bound is an upper one, as the
     * law's always is.
     */
    private static Optional<Demand> ownFit(Resource r, List<double[]> own, List<double[]> requests) {
        Optional<DemandFit> line = DemandFit.fitted(own);
        if (line.isPresent()) {
            return line.map(f -> demand(r, f, Demand.Basis.OWN));
        }
        Optional<DemandFit> fromRequests = DemandFit.throughOrigin(requests);
        if (fromRequests.isPresent()) {
            return fromRequests.map(f -> demand(r, f, Demand.Basis.REQUESTS));
        }
        return DemandFit.throughOrigin(own).map(f -> demand(r, f, Demand.Basis.OWN));
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
     * shows as the line's background, so the bound is what is left to this service.
     */
    private static Optional<DemandFit> sharedFit(List<double[]> points) {
        for (double[] p : points) {
            if (Double.isNaN(p[1]) || p[1] >= SHARED_FULL) {
                return Optional.empty();
            }
        }
        return DemandFit.fitted(points);
    }

    private static Optional<Demand> lower(Optional<Demand> a, Optional<Demand> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return a.isPresent() ? a : b;
        }
        return Optional.of(b.get().boundRps() < a.get().boundRps() ? b.get() : a.get());
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
