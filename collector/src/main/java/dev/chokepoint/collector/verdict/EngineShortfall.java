package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.rules.Severity;
import dev.chokepoint.collector.signals.StepTraffic;
import dev.chokepoint.collector.signals.Unit;
import dev.chokepoint.collector.steps.Step;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The load generator is a suspect too: a step whose engine sent well below the asked rate while
 * the service showed no limit of its own gets the verdict {@code load-generator}, whatever else
 * the client saw (a starved engine also measures its own delays as latency). It needs what the
 * schedule says of the engine (its workers, its CPU), so it judges the built-in engine's steps,
 * schedule files that carry those columns, and k6 steps where k6 dropped iterations (its
 * {@code vus_max} as the workers).
 *
 * <p>The engine is named on evidence against it, not for want of another cause: its workers sat
 * idle (Little's law on the engine's own side: answers × its p50 latency well below its workers),
 * so it had the means to send and did not; or its answers took far longer at the engine than in
 * the service (the engine's p50 at least {@link #ENGINE_LATENCY_RATIO} × the service's own), so
 * its workers were busy reading late what the service had answered fast: an engine starved of CPU
 * (or the network between). Workers all waiting on answers that were as slow in the service are
 * the service's: the step keeps its symptoms, unattributed where no rule names a resource.
 *
 * <p>Not the engine's fault either: the service stopped, restarted, piled requests up or failed
 * them; a rule named a server resource; or the workers were waiting on the service (answers ×
 * the server's own p50 near the workers), the shape of a closed-loop tool with too few workers,
 * judged by {@link LimitJudge} as before. Nor when the service's own numbers are unknown: a step
 * in which its metrics went unanswered for longer than a window (a service so starved of CPU
 * that its endpoint could not answer) has no server count or latency to hold against the engine.
 *
 * <p>A service that slowed down without any of those is no alibi: an engine starved of CPU sends
 * in bursts (a CPU quota runs out, the engine waits for the next period, then fires what it owes),
 * and the service's tail grows queueing behind them. The verdict stays with the engine, and its
 * summary says the service slowed too.
 */
public final class EngineShortfall {

    /** Answers below this share of the asked requests: the engine did not offer the step. */
    static final double MIN_SENT_SHARE = 0.9;
    /**
     * Workers busy on average, as a share of all workers: from this share on the service's side,
     * the service is the cause; below it on the engine's own side, the engine's workers sat idle.
     */
    static final double BUSY_WORKERS_SHARE = 0.5;
    /**
     * The engine's p50 this many times the service's own: the answers waited in the engine. Measured
     * (client p50 / server p50 per step): CPU-bound and overloaded steps of the cpu scenarios read
     * 0.99-1.54 (9 runs, with hey on the same 2 cores as the service); hey confined to 5 % of a core
     * (BuiltInLoadIT) 5.7 and 15.3. 3 sits ×1.9 from both.
     */
    static final double ENGINE_LATENCY_RATIO = 3;
    /** The service's own p95 grown this much against the lowest step: the summary says it slowed too. */
    static final double SERVER_P95_GROWTH = 3;
    static final String RULE = "engine-short";
    private static final Set<String> SERVICE_SYMPTOMS = Set.of("stopped-answering", "restarted", "in-flight-growing",
            "errors");

    private final Resource loadGenerator;

    /** {@code loadGenerator}: the resource declared in resources.yaml; null turns this judgement off. */
    public EngineShortfall(Resource loadGenerator) {
        this.loadGenerator = loadGenerator;
    }

    /** {@code server}, {@code lowestServer}: the servers' own traffic in this step and in the lowest one. */
    public StepVerdict apply(StepVerdict v, StepTraffic server, StepTraffic lowestServer) {
        Step s = v.step();
        if (loadGenerator == null || s.engine() == null || s.client() == null || !(s.offeredRps() > 0)) {
            return v;
        }
        double asked = s.offeredRps() * s.durationSeconds();
        double sent = s.client().requests() / asked;
        if (asked < LimitJudge.MIN_REQUESTS || sent >= MIN_SENT_SHARE) {
            return v;
        }
        if (v.limit().symptoms().stream().anyMatch(x -> SERVICE_SYMPTOMS.contains(x.kind()))
                || v.firstSaturated() != null && !v.firstSaturated().resource().id().equals(Resource.UNATTRIBUTED)) {
            return v;
        }
        double busy = inFlight(server.achievedRps(), server.p50Seconds());
        if (!(busy < BUSY_WORKERS_SHARE * s.engine().workers())) {
            return v; // unknown server latency, or the workers were waiting on the service
        }
        double waiting = inFlight(s.client().achievedRps(), s.client().p50Seconds());
        boolean idle = waiting < BUSY_WORKERS_SHARE * s.engine().workers();
        boolean waitedInEngine = s.client().p50Seconds() >= ENGINE_LATENCY_RATIO * server.p50Seconds();
        if (!idle && !waitedInEngine) {
            return v; // unknown latencies, or the engine's workers all waited on answers as slow in the service
        }
        Map<String, Double> evidence = new LinkedHashMap<>();
        evidence.put("engine_sent_share", sent);
        evidence.put("engine_workers", (double) s.engine().workers());
        evidence.put("engine_cpu_cores", s.engine().cpuCores());
        evidence.put("engine_workers_waiting", waiting);
        evidence.put("engine_p50_seconds", s.client().p50Seconds());
        evidence.put("server_p50_seconds", server.p50Seconds());
        String summary = "it sent " + Unit.num(s.client().achievedRps()) + " of " + Unit.num(s.offeredRps())
                + " RPS asked (" + Unit.RATIO.format(sent) + ") with " + s.engine().workers() + " workers"
                + (Double.isNaN(s.engine().cpuCores()) ? "" : " on " + Unit.CORES.format(s.engine().cpuCores()))
                + ", " + Unit.num(waiting) + " of them waiting for answers on average"
                + (waitedInEngine ? " (p50 " + Unit.SECONDS.format(s.client().p50Seconds()) + " at the engine against "
                        + Unit.SECONDS.format(server.p50Seconds()) + " in the service: the answers waited in the engine)" : "")
                + "; "
                + serviceState(server, lowestServer, busy);
        Finding f = new Finding(loadGenerator, RULE, Severity.CRITICAL, "load generator", s.startMillis(), summary,
                "The load generator could not offer the asked rate, so this step says nothing about the service's "
                        + "capacity: give the load generator more CPU (or its own machine) or more workers (k6: maxVUs), or "
                        + "ask a lower rate.",
                evidence, Map.of(), null);
        List<Symptom> symptoms = new ArrayList<>(v.limit().symptoms());
        symptoms.add(new Symptom(RULE, "the load generator sent " + Unit.RATIO.format(sent) + " of the asked requests"));
        return v.limitedBy(new StepLimit(List.copyOf(symptoms), v.limit().stoppedMillis()), f, v.consequences());
    }

    /**
     * Requests in flight on average (Little's law): 0 when nothing was answered, NaN when the
     * latency is unknown (the callers then keep the step with the service).
     */
    private static double inFlight(double answeredRps, double p50Seconds) {
        return answeredRps > 0 ? answeredRps * p50Seconds : 0;
    }

    private static String serviceState(StepTraffic server, StepTraffic lowestServer, double busy) {
        String load = Unit.num(busy) + " requests in service on average";
        if (lowestServer != null && server.p95Seconds() >= SERVER_P95_GROWTH * lowestServer.p95Seconds()) {
            return "the service slowed too (p95 " + Unit.SECONDS.format(server.p95Seconds()) + " against "
                    + Unit.SECONDS.format(lowestServer.p95Seconds()) + " at the lowest step: a queue behind the engine's"
                    + " bursts or a CPU both share) but no rule named a resource of its own (" + load + ")";
        }
        return "the service was not limited (p50 " + Unit.SECONDS.format(server.p50Seconds()) + ", " + load + ")";
    }
}
