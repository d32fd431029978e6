package dev.chokepoint.collector.report.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.chokepoint.collector.fleet.FleetStep;
import dev.chokepoint.collector.report.Charts;

import java.util.List;
import java.util.Map;

/**
 * The report as every format sees it: report.json is this, serialized by Jackson (schema in
 * docs/report.md, checked against these records by a test), and report.md / report.html are one
 * walk over it ({@code ReportLayout}). A field added here reaches all three or a test fails.
 * Unknown numbers are NaN here and null in JSON. {@code charts} are the HTML page's timelines only.
 */
public record ReportModel(int schema, String headline, SloModel slo, KneeModel knee, boolean partial,
                          List<String> gaps, RunModel run, List<ResourceModel> resourceCatalog, List<StepModel> steps,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<StepNoteModel> stepNotes,
                          FleetModel fleet, PredictionModel prediction, NextBottleneckModel nextBottleneck,
                          List<DemandModel> demands,
                          List<RuleModel> rules, @JsonIgnore Charts charts,
                          @JsonInclude(JsonInclude.Include.NON_NULL) RecordingModel recording) {

    public static final int SCHEMA = 1;

    /** The display name of a resource id ("none" and unknown ids read as themselves). */
    public String nameOf(String resourceId) {
        return resourceCatalog.stream().filter(r -> r.id().equals(resourceId)).map(ResourceModel::name).findFirst()
                .orElse(resourceId);
    }

    /**
     * The recording's window, where some step lies outside it (left out when none does): for a
     * recording that did not end whole, where it ends ({@code endMillis}, the last record read),
     * {@code reason} (what the reader found, naming the file), {@code unreadableBytes} of the
     * samples file after that point and {@code text} (the sentence the headline starts with), each
     * null when it ended whole; and the steps it does not hold, {@code notRecorded}: listed, never
     * judged.
     */
    public record RecordingModel(Long endMillis, String reason, Long unreadableBytes, String text,
                                 List<NotRecordedModel> notRecorded) {
    }

    /**
     * A step the recording does not hold whole: its window and offer, and {@code why} ("before the
     * recording began", "after the recording ended"); nothing judged. {@code index}: null for a
     * step before the recording began (the steps judged are numbered from 1 without it).
     */
    public record NotRecordedModel(Integer index, long startMillis, long endMillis, double offeredRps, String stepSource,
                                   String why) {
    }

    /**
     * Load the detected steps joined to a step or left unjudged ({@code kind}: joined, ramp,
     * unsteady), so that an offered step never vanishes without a word: its window, what the
     * servers completed per second and held in flight in it (NaN unknown), {@code step} (the step
     * it was joined to, null for none) and {@code text}, the sentence every format shows.
     */
    public record StepNoteModel(String kind, Integer step, long startMillis, long endMillis, double achievedRps,
                                double inFlight, String text) {
    }

    public record SloModel(String text, String description, boolean met) {
    }

    public record KneeModel(int step, double offeredRps, double achievedRps) {
    }

    /**
     * {@code processes}: left out where no target exported its identity, so such a report.json
     * stays as it was (and null in reports written before it existed). {@code hostViews}: the
     * targets that are the collector's own view of its host (left out where there is none).
     */
    public record RunModel(long startMillis, long endMillis, List<String> targets, List<EventModel> events,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ProcessModel> processes,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> hostViews) {
    }

    /** A process seen at a target: the agent's instance, its pid, when it started; each null where not exported. */
    public record ProcessModel(String target, String instance, String pid, Long startMillis, String command) {
    }

    public record EventModel(String target, long timeMillis, String kind, String detail) {
    }

    /** A declared resource: what its utilization and saturation mean, for the reader of the USE table. */
    public record ResourceModel(String id, String name, String utilization, String saturation) {
    }

    /** One step; {@code backgroundHostCpu}: the share of the host's CPU other processes used during it (NaN unknown). */
    public record StepModel(int index, long startMillis, long endMillis, double offeredRps, String stepSource,
                            TrafficModel traffic, StepSloModel slo, LimitModel limit, FirstSaturatedModel firstSaturated,
                            Long onsetMillis, List<ConsequenceModel> consequences, List<UseModel> resources,
                            List<RouteModel> routes, List<StatementModel> statements, double backgroundHostCpu,
                            WaitsModel waits, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<HostPartModel> hostParts) {
    }

    /**
     * Who used the host's cores during a step (the collector's host view): a part of the run (the
     * service, a dependency on the host by its address, the load generator, the collector, an
     * exporter, "others") and its processes' CPU as a share of the host's cores.
     */
    public record HostPartModel(String name, String process, double share) {
    }

    /**
     * What the request threads waited for, per request of any route (seconds; null where not
     * measured): a core, a monitor ({@code lock}), a park, a socket of a client without a probe.
     * Null as a whole in reports written before it existed.
     */
    public record WaitsModel(double coreWaitSeconds, double lockSeconds, double parkSeconds, double socketSeconds) {
    }

    /** Per route, requests per second and the mean time per request in each part (seconds). */
    public record RouteModel(String route, double rps, double wallSeconds, double cpuSeconds, double poolWaitSeconds,
                             double jdbcSeconds, double remoteSeconds) {
    }

    /** One of the step's top statements by time: calls per second, mean latency, share of statement time. */
    public record StatementModel(String query, double callsPerSecond, double meanSeconds, double share) {
    }

    /** Whether the step was limited, from its symptoms, and when the target stopped answering (or null). */
    public record LimitModel(boolean limited, List<SymptomModel> symptoms, Long stoppedMillis) {
    }

    public record SymptomModel(String kind, String text) {
    }

    public record TrafficModel(String source, double requests, double achievedRps, double p50Seconds,
                               double p90Seconds, double p95Seconds, double p99Seconds, double errorRate) {
    }

    public record StepSloModel(Boolean met, List<String> failures) {
    }

    /**
     * The step's first saturated resource with its rule and evidence, or {@code resource: none} with
     * the most utilized resource as {@code headroom}. {@code name}: the display name, with the
     * instance where the resource names one ("downstream dependency search:9200").
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FirstSaturatedModel(String resource, String name, String rule, String severity, String target,
                                      Long onsetMillis, String summary, String advice, Map<String, Double> evidence,
                                      Map<String, String> labels, HeadroomModel headroom) {
    }

    public record HeadroomModel(String resource, double utilization) {
    }

    public record ConsequenceModel(String resource, String name, String rule, String severity, String target,
                                   long onsetMillis, String summary, String explainedBy) {
    }

    public record UseModel(String resource, double utilization, double saturation, double errors, boolean saturated) {
    }

    public record FleetModel(List<FleetStepModel> steps) {
    }

    public record FleetStepModel(int index, String resource, String scope, String limit, String explanation,
                                 Map<String, Double> evidence, List<FleetStep.InstanceStep> instances) {
    }

    /** {@code caveat}: why the bound is not a prediction of the run's conditions (null when it is). */
    public record PredictionModel(String resource, double boundRps, List<Integer> fromSteps, String actualResource,
                                  Integer actualStep, Boolean matched, String caveat) {
    }

    /**
     * {@code sharedUtilization}: the signal fitted when the bound is of what the resource shares (the
     * host's CPU), else null; {@code requestUtilization}: the signal the demand was read from when no
     * line could be fitted and the requests' own use was measured (the request threads' CPU and the
     * GC pauses), else null; {@code lowRps}–{@code highRps}: the range the bound lies in when one step
     * could not split the resource's use (the bound itself otherwise); {@code caveat}: why the bound
     * may not hold (null when nothing says so).
     */
    public record DemandModel(String resource, double utilizationPerRps, double backgroundUtilization, double boundRps,
                              String sharedUtilization, String requestUtilization, double lowRps, double highRps,
                              String caveat) {
    }

    /** "After {@code after}, {@code resource} limits at ≈ {@code boundRps} RPS", unless {@code caveat}. */
    public record NextBottleneckModel(String after, String resource, double boundRps, String caveat) {
    }

    public record RuleModel(String id, String resource, String severity, String origin, List<String> missingSignals) {
    }
}
