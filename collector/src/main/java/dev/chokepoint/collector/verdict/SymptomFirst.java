package dev.chokepoint.collector.verdict;

import dev.chokepoint.collector.rules.Resource;
import dev.chokepoint.collector.rules.Severity;
import dev.chokepoint.collector.signals.Fleet;
import dev.chokepoint.collector.signals.Unit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A limited step is never "nothing saturated": when the symptoms say the service did not keep up
 * and no rule named a resource, the step's verdict is {@code unattributed}, with where the request
 * time went and the part that grew most; when the target stopped answering, the verdict names
 * the resource nearest its capacity in the last samples before (or {@code unattributed}); when it
 * served less than a step before it at no more load (collapsed), the resource nearest its capacity
 * when the step began.
 */
public final class SymptomFirst {

    static final String STOPPED_RULE = "target-stopped-answering";
    static final String UNATTRIBUTED_RULE = "limited-no-rule";
    static final String COLLAPSED_RULE = "service-collapsed";

    private final Resource unattributed;
    private final StepJudge judge;

    private final Fleet fleet;

    public SymptomFirst(Resource unattributed, StepJudge judge, Fleet fleet) {
        this.unattributed = unattributed;
        this.judge = judge;
        this.fleet = fleet;
    }

    /** {@code v} with its limit; {@code reference}: the baseline of growth. */
    public StepVerdict apply(StepVerdict v, StepLimit limit, ReferenceStep reference) {
        if (!limit.limited() || v.firstSaturated() != null) {
            return v.limitedBy(limit, v.firstSaturated(), v.consequences());
        }
        Finding first = limit.stoppedMillis() != null ? stopped(v, limit.stoppedMillis())
                : limit.symptoms().stream().anyMatch(s -> s.kind().equals("collapsed")) ? collapsed(v, limit, reference)
                : unattributed(v, limit, reference);
        return v.limitedBy(limit, first, v.consequences());
    }

    /**
     * A collapse no rule named (too few requests left for the rules' evidence guards, or the rules'
     * signals gone quiet with the work): the resource that was at its limit when the step began,
     * as for a target that stopped answering; unattributed when none was near it.
     */
    private Finding collapsed(StepVerdict v, StepLimit limit, ReferenceStep reference) {
        long at = v.step().startMillis();
        Finding cause = judge.likelyCause(at);
        if (cause == null) {
            return unattributed(v, limit, reference);
        }
        String symptoms = String.join("; ", limit.symptoms().stream().map(Symptom::text).toList());
        return new Finding(cause.resource(), COLLAPSED_RULE, Severity.CRITICAL, cause.target(), at,
                symptoms + "; when the step began, " + cause.summary(), cause.advice(), cause.evidence(), cause.labels(),
                null);
    }

    private Finding stopped(StepVerdict v, long at) {
        Finding cause = judge.likelyCause(at);
        String when = "the service stopped answering at " + Unit.clock(at) + (at < v.step().startMillis() ? ", before the step"
                : ", " + Unit.num((at - v.step().startMillis()) / 1000.0) + " s into the step");
        if (cause == null) {
            return new Finding(unattributed, STOPPED_RULE, Severity.CRITICAL, String.join(", ", targets()), at,
                    when + "; no resource was near its capacity in the last samples before",
                    "Nothing the rules measure was near its limit before the service stopped: read its log for the "
                            + "end (an OutOfMemoryError, a crash, a kill by the container's memory limit).",
                    Map.of(), Map.of(), null);
        }
        return new Finding(cause.resource(), STOPPED_RULE, Severity.CRITICAL, cause.target(), at,
                when + "; before that " + cause.summary(), cause.advice(), cause.evidence(), cause.labels(), null);
    }

    private Finding unattributed(StepVerdict v, StepLimit limit, ReferenceStep reference) {
        TimeSplit now = TimeSplit.of(v.step(), fleet.grid(), fleet.frames());
        TimeSplit base = TimeSplit.of(reference.verdict().step(), fleet.grid(), fleet.frames());
        String part = now.grewMost(base);
        String symptoms = String.join("; ", limit.symptoms().stream().map(Symptom::text).toList());
        String where = part == null ? "the agent's per-request split is not available on this target"
                : "request time grew most in " + now.growth(part, base, reference.name());
        Map<String, Double> evidence = new LinkedHashMap<>(now.means());
        return new Finding(unattributed, UNATTRIBUTED_RULE, Severity.CRITICAL, String.join(", ", targets()),
                v.step().startMillis(), symptoms + "; no rule names the resource; " + where + unscraped(v),
                "The service stopped keeping up, but no rule's resource was saturated. Per request: "
                        + (now.describe().isEmpty() ? "no split measured" : now.describe())
                        + ". Look for what the growing part waits on at this load (a lock, an application "
                        + "executor, a client library or pool without a probe): a thread dump or a JFR recording "
                        + "taken during this step names it.",
                evidence, Map.of(), null);
    }

    /**
     * A gap in the step's scrapes longer than a window left the rules too few samples to hold for
     * their sustain time: said, because it is itself a clue (an endpoint thread that gets no core
     * for seconds, or a JVM stopped in GC), and because "no rule" then means "no data".
     */
    private String unscraped(StepVerdict v) {
        long from = v.step().startMillis();
        long to = v.step().endMillis();
        if (!fleet.blind(from, to)) {
            return "";
        }
        return "; the metrics went unanswered for " + Unit.num(fleet.longestScrapeGapMillis(from, to) / 1000.0)
                + " s of the step (an endpoint thread that got no core, or a JVM stopped in GC), too few scrapes for the rules";
    }

    private List<String> targets() {
        List<String> out = new ArrayList<>();
        fleet.frames().forEach(f -> out.add(f.target()));
        return out;
    }
}
