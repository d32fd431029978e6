package dev.chokepoint.collector.compare;

import dev.chokepoint.collector.report.model.ReportModel;
import dev.chokepoint.collector.report.model.ReportModel.RouteModel;
import dev.chokepoint.collector.report.model.ReportModel.StepModel;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * One run's numbers as a comparison needs them: its steps where nothing saturated and the service
 * kept up ("free" steps: costs there are the requests' own, not queueing), what a request cost at
 * the steps it is compared at, and how much those costs moved from one such step to the next (the
 * run's own noise).
 */
final class RunSummary {

    private static final String NONE = "none";
    private static final String UNATTRIBUTED = "unattributed";
    /** The process CPU resource (its utilization: process CPU / the host's cores). */
    private static final String CPU = "cpu";
    /** A step achieving less than this share of its offer fell behind: the limit shows there. */
    private static final double BEHIND = 0.9;

    final ReportModel report;
    private final List<StepModel> byLoad;
    /** The steps this run's costs are taken at (see {@link ComparedSteps}). */
    final List<StepModel> reference;

    RunSummary(ReportModel report) {
        this(report, null);
    }

    private RunSummary(ReportModel report, List<StepModel> reference) {
        this.report = report;
        this.byLoad = report.steps().stream().sorted(Comparator.comparingDouble(StepModel::offeredRps)).toList();
        this.reference = reference != null ? reference : !free().isEmpty() ? free() : lowest();
    }

    /** This run with its costs taken at {@code steps}. */
    RunSummary at(List<StepModel> steps) {
        return new RunSummary(report, List.copyOf(steps));
    }

    /** Steps where nothing saturated and the service kept up, by load. */
    List<StepModel> free() {
        return byLoad.stream().filter(s -> NONE.equals(s.firstSaturated().resource()) && !s.limit().limited()).toList();
    }

    /** The lowest step alone (none when the run has no step). */
    List<StepModel> lowest() {
        return byLoad.isEmpty() ? List.of() : List.of(byLoad.get(0));
    }

    /** Offered RPS at the knee, NaN when no step met the SLO. */
    double capacity() {
        return report.knee() == null ? Double.NaN : report.knee().offeredRps();
    }

    double highestAchieved() {
        return report.steps().stream().mapToDouble(s -> s.traffic().achievedRps()).filter(v -> !Double.isNaN(v)).max()
                .orElse(Double.NaN);
    }

    /**
     * The first step (by load) whose first saturated resource a rule named, as the report's
     * prediction reads it; when no rule named one, the first step that fell behind: a limit no
     * rule names ({@code unattributed}) is still the run's limit, and the comparison says so.
     */
    Optional<StepModel> bottleneckStep() {
        return byLoad.stream().filter(s -> !NONE.equals(s.firstSaturated().resource())
                        && !UNATTRIBUTED.equals(s.firstSaturated().resource())).findFirst()
                .or(() -> byLoad.stream().filter(s -> UNATTRIBUTED.equals(s.firstSaturated().resource())).findFirst());
    }

    static boolean unattributed(String resource) {
        return UNATTRIBUTED.equals(resource);
    }

    /** The highest rate achieved at a step that fell behind with {@code resource} saturated first (NaN when none). */
    double measuredLimit(String resource) {
        return report.steps().stream().filter(s -> resource.equals(s.firstSaturated().resource()) && s.offeredRps() > 0
                        && s.traffic().achievedRps() < BEHIND * s.offeredRps())
                .mapToDouble(s -> s.traffic().achievedRps()).max().orElse(Double.NaN);
    }

    /**
     * A per-request figure at the compared steps: over all of them weighted by their requests (a
     * step's mean of a few dozen requests, the JIT still warming up, weighs less than one of
     * hundreds), and each step's own value, whose spread is the run's noise.
     */
    record Cost(double perRequest, List<Double> perStep) {
    }

    /** A per-request cost over all routes. */
    Cost cost(ToDoubleFunction<RouteModel> part) {
        return cost(r -> true, part);
    }

    /** One route's per-request cost. */
    Cost cost(String route, ToDoubleFunction<RouteModel> part) {
        return cost(r -> r.route().equals(route), part);
    }

    private Cost cost(Predicate<RouteModel> routes, ToDoubleFunction<RouteModel> part) {
        List<Double> perStep = new ArrayList<>();
        double sum = 0;
        double requests = 0;
        for (StepModel s : reference) {
            double stepSum = 0;
            double stepRequests = 0;
            double seconds = (s.endMillis() - s.startMillis()) / 1000.0;
            for (RouteModel r : routes(s)) {
                double v = part.applyAsDouble(r);
                if (routes.test(r) && !Double.isNaN(v) && r.rps() > 0) {
                    stepSum += v * r.rps() * seconds;
                    stepRequests += r.rps() * seconds;
                }
            }
            if (stepRequests > 0) {
                perStep.add(stepSum / stepRequests);
                sum += stepSum;
                requests += stepRequests;
            }
        }
        return new Cost(requests > 0 ? sum / requests : Double.NaN, List.copyOf(perStep));
    }

    /**
     * A wait of the request threads per request (any route; the report has it per step, not per
     * route), weighted by each reference step's requests; NaN where neither step measured it.
     */
    Cost waitCost(ToDoubleFunction<ReportModel.WaitsModel> part) {
        List<Double> perStep = new ArrayList<>();
        double sum = 0;
        double requests = 0;
        for (StepModel s : reference) {
            double v = s.waits() == null ? Double.NaN : part.applyAsDouble(s.waits());
            double n = s.traffic().achievedRps() * (s.endMillis() - s.startMillis()) / 1000.0;
            if (!Double.isNaN(v) && n > 0) {
                perStep.add(v);
                sum += v * n;
                requests += n;
            }
        }
        return new Cost(requests > 0 ? sum / requests : Double.NaN, List.copyOf(perStep));
    }

    /**
     * Share of a request's own work that is on CPU: CPU / (CPU + pool wait + JDBC + remote) per
     * request at the compared steps; near 1 for a request that computes, a few % for one that
     * mostly waits on the database (NaN when CPU per request is not measured).
     */
    double cpuShare() {
        double cpu = cost(RouteModel::cpuSeconds).perRequest();
        double waits = 0;
        for (ToDoubleFunction<RouteModel> wait : List.<ToDoubleFunction<RouteModel>>of(RouteModel::poolWaitSeconds,
                RouteModel::jdbcSeconds, RouteModel::remoteSeconds)) {
            double w = cost(wait).perRequest();
            waits += Double.isNaN(w) ? 0 : w;
        }
        return cpu + waits > 0 ? cpu / (cpu + waits) : Double.NaN;
    }

    /** Routes seen at the reference steps, busiest first. */
    List<String> routeNames() {
        Map<String, Double> rps = new LinkedHashMap<>();
        reference.forEach(s -> routes(s).forEach(r -> rps.merge(r.route(), r.rps(), Double::sum)));
        return rps.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed()).map(Map.Entry::getKey)
                .toList();
    }

    /** Statement → its mean latency at each reference step, and its share of statement time there. */
    Map<String, double[]> statements() {
        Map<String, double[]> out = new LinkedHashMap<>(); // query → {calls, time, share sum, steps}
        for (StepModel s : reference) {
            for (ReportModel.StatementModel q : s.statements() == null ? List.<ReportModel.StatementModel>of() : s.statements()) {
                double[] a = out.computeIfAbsent(q.query(), k -> new double[4]);
                a[0] += q.callsPerSecond();
                a[1] += q.callsPerSecond() * q.meanSeconds();
                a[2] += q.share();
                a[3]++;
            }
        }
        return out;
    }

    /** Share of the host's CPU other processes used at the reference steps (NaN when not measured). */
    double backgroundHostCpu() {
        return Noise.mean(reference.stream().map(StepModel::backgroundHostCpu).toList());
    }

    /**
     * Share of the host's CPU in use at the reference steps: the others' and the service's own. At
     * most 1: the host's gauge and the process's CPU counter are read on different clocks, so on a
     * full host their sum can exceed it by a point or two.
     */
    double hostBusy() {
        return Math.min(1, backgroundHostCpu() + Noise.mean(reference.stream().map(RunSummary::ownCpu).toList()));
    }

    private static double ownCpu(StepModel s) {
        return s.resources() == null ? Double.NaN : s.resources().stream().filter(u -> CPU.equals(u.resource()))
                .mapToDouble(ReportModel.UseModel::utilization).findFirst().orElse(Double.NaN);
    }

    /** Achieved as a share of offered at each reference step: how steadily the load arrived. */
    List<Double> delivery() {
        return reference.stream().map(s -> s.offeredRps() > 0 ? s.traffic().achievedRps() / s.offeredRps() : Double.NaN).toList();
    }

    private static List<RouteModel> routes(StepModel s) {
        return s.routes() == null ? List.of() : s.routes();
    }
}
